/**
 * The pick screen: the shop's open orders in columns (New, Picking, Ready, and those just
 * closed, for a recall), kept in step with every other pick screen through the service's
 * change feed. Staff work it by touch or by keyboard alone (use-pick-keys.ts): the focused
 * order moves on a step, is recalled or cancelled. A move another screen made first is
 * said in words ("Ali moved C 27 to Picking at 14:03"), never silently overwritten.
 */
import { useMemo, useState } from 'react';
import type { PickOrder, ShopSettings } from '@shared/fleet/order-flow';
import { canChime, wakeChime } from '../lib/chime';
import type { FeedStatus } from '../service/order-feed';
import { useServiceSession } from '../service/service-session';
import { ServiceStatus } from '../service/service-status';
import { CancelDialog } from './cancel-dialog';
import { orderName, OrderCard, type CardActions } from './order-card';
import { KEY_HELP } from './pick-keys';
import { groupsOf } from './card-groups';
import { COLUMN_TITLES, COLUMNS, columnsOf, keyOf, type Column } from './pick-orders';
import { usePickFeed } from './use-pick-feed';
import { usePickKeys, type PickKeys } from './use-pick-keys';
import { usePickMoves, type PickMoves } from './use-pick-moves';

const STATUS_TEXT: Readonly<Record<FeedStatus, string>> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting… the orders shown may be out of date',
  'signed-out': 'Signed out',
};

/**
 * The chime's place in the header keeps its size when the chime turns on: the button gives
 * way to a note in the same cell. The first press anywhere on the page turns the chime on as
 * the pointer goes down; a header that then moved would put the pointer's release beside the
 * link or button it was pressed on, and the browser would click neither (an operator's first
 * press on Shop settings did nothing).
 */
function ChimeSlot({ sound, onSound }: { sound: boolean; onSound: () => void }) {
  return (
    <div className="grid">
      <button
        type="button"
        className={`btn-secondary [grid-area:1/1] ${sound ? 'invisible' : ''}`}
        onClick={onSound}
      >
        Turn the chime on
      </button>
      <p
        className={`[grid-area:1/1] self-center text-center text-sm text-muted ${sound ? '' : 'invisible'}`}
      >
        Chime on
      </p>
    </div>
  );
}

function PickHeader(props: {
  total: number;
  settings: ShopSettings;
  status: FeedStatus;
  sound: boolean;
  onSound: () => void;
  /** An operator login: the shop's manager, who may change the settings. */
  manager: boolean;
}) {
  const { total, settings, status } = props;
  return (
    <header className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b border-slate-200 bg-white px-6 py-3">
      <div className="flex items-baseline gap-4">
        <h1 className="text-2xl font-bold">Pick screen</h1>
        <p className="text-muted">
          {total} open order{total === 1 ? '' : 's'} · amber at {settings.pickAmberMinutes} min, red
          at {settings.pickRedMinutes} min
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <p
          role="status"
          className={`rounded-full px-3 py-1 text-sm font-semibold ${
            status === 'live' ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-950'
          }`}
        >
          {STATUS_TEXT[status]}
        </p>
        <ChimeSlot sound={props.sound} onSound={props.onSound} />
        {props.manager && (
          <a className="btn-secondary" href="/settings">
            Shop settings
          </a>
        )}
        <ServiceStatus />
      </div>
    </header>
  );
}

function KeyLegend() {
  return (
    <footer className="border-t border-slate-200 bg-white px-6 py-3">
      <h2 className="sr-only">Keys</h2>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-base">
        {KEY_HELP.map(([keys, what]) => (
          <div key={keys} className="flex gap-2">
            <dt className="font-bold">{keys}</dt>
            <dd className="text-muted">{what}</dd>
          </div>
        ))}
      </dl>
    </footer>
  );
}

interface ColumnProps {
  column: Column;
  orders: PickOrder[];
  settings: ShopSettings;
  skewMs: number;
  keys: PickKeys;
  busy: PickMoves['busy'];
  actions: CardActions;
}

/** A card's height with the gap below it, before the browser has laid a group out. */
const CARD_REM = 17;

function ColumnCard({ order, keys, ...props }: ColumnProps & { order: PickOrder }) {
  const key = keyOf(order);
  return (
    <OrderCard
      order={order}
      settings={props.settings}
      skewMs={props.skewMs}
      focused={keys.focusKey === key}
      tabbable={keys.tabbableKey === key}
      busy={props.busy === key}
      actions={props.actions}
    />
  );
}

/**
 * The open columns' cards come in small groups (card-groups.ts), each skipped off screen as
 * a whole; the few just closed are not grouped. A group's padding, taken back by
 * its margin, holds a card's ring and focus outline inside the group, whose skipping clips
 * what paints outside it.
 */
function OrderColumn(props: ColumnProps) {
  const { column, orders } = props;
  return (
    <section
      aria-labelledby={`column-${column}`}
      className={`flex min-w-0 flex-col gap-3 ${column === 'closed' ? 'md:col-span-3 2xl:col-span-1' : ''}`}
    >
      <h2 id={`column-${column}`} className="text-xl font-bold">
        {COLUMN_TITLES[column]} <span className="tabular text-muted">({orders.length})</span>
      </h2>
      {orders.length === 0 && (
        <p className="rounded-2xl border-2 border-dashed border-slate-300 p-4 text-muted">
          {column === 'new' ? 'No new orders. A new one chimes and shows here.' : 'None.'}
        </p>
      )}
      {column === 'closed'
        ? orders.map((order) => <ColumnCard key={keyOf(order)} {...props} order={order} />)
        : groupsOf(orders).map((group) => (
            <div
              key={group.key}
              className="-m-2 flex flex-col gap-3 p-2 [content-visibility:auto]"
              style={{ containIntrinsicSize: `auto ${group.orders.length * CARD_REM + 1}rem` }}
            >
              {group.orders.map((order) => (
                <ColumnCard key={keyOf(order)} {...props} order={order} />
              ))}
            </div>
          ))}
    </section>
  );
}

export function PickScreen() {
  const { client, base, via, staff } = useServiceSession();
  const { board, settings, status } = usePickFeed(base ?? '', via === 'token');
  const columns = useMemo(() => columnsOf(board), [board]);
  const [cancelling, setCancelling] = useState<PickOrder | null>(null);
  const [sound, setSound] = useState(canChime());
  const wake = () => {
    wakeChime();
    setSound(true);
  };
  const moves = usePickMoves(client);
  const keys = usePickKeys(columns, {
    move: (order, action) => void moves.move(order, action),
    cancel: setCancelling,
    onKey: wake,
  });
  const { cards, setFocusKey } = keys;
  const { move } = moves;
  const actions = useMemo<CardActions>(
    () => ({
      register: (key, element) => {
        if (element) cards.current.set(key, element);
        else cards.current.delete(key);
      },
      focus: setFocusKey,
      move: (order, action) => void move(order, action),
      cancel: setCancelling,
    }),
    [cards, setFocusKey, move],
  );
  const total = columns.new.length + columns.picking.length + columns.ready.length;

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50" onPointerDown={wake}>
      <PickHeader
        total={total}
        settings={settings}
        status={status}
        sound={sound}
        onSound={wake}
        manager={staff?.role === 'operator'}
      />
      <p
        role="status"
        aria-live="polite"
        className="min-h-11 px-6 py-2 text-lg font-semibold empty:invisible"
      >
        {moves.said}
      </p>
      {/* Tracks of minmax(0, …), and columns not stretched to the tallest: plain 1fr tracks
          asked each column of up to 300 cards for its narrowest width, and stretching laid
          every column out a second time, so one card arriving cost a layout of 35–70 ms. */}
      <main className="grid flex-1 grid-cols-1 items-start gap-4 px-6 pb-4 md:grid-cols-3 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,0.8fr)]">
        {COLUMNS.map((column) => (
          <OrderColumn
            key={column}
            column={column}
            orders={columns[column]}
            settings={settings}
            skewMs={board.clockSkewMs}
            keys={keys}
            busy={moves.busy}
            actions={actions}
          />
        ))}
      </main>
      <KeyLegend />
      <CancelDialog
        name={cancelling ? orderName(cancelling) : null}
        onClose={() => setCancelling(null)}
        onCancel={(reason) => {
          const order = cancelling;
          setCancelling(null);
          if (order) void moves.move(order, 'cancel', reason);
        }}
      />
    </div>
  );
}
