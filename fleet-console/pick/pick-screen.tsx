/**
 * The pick screen: the shop's open orders in columns (New, Picking, Ready, and those just
 * closed, for a recall), kept in step with every other pick screen through the service's
 * change feed. Staff work it by touch or by keyboard alone (pick-keys.ts): the focused
 * order moves on a step, is recalled or cancelled. A move another screen made first is
 * said in words ("Ali moved C 27 to Picking at 14:03"), never silently overwritten.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { OPEN_STATES, stepFrom, type PickAction, type PickOrder } from '@shared/fleet/order-flow';
import { canChime, wakeChime } from '../lib/chime';
import { sendMove } from '../service/order-moves';
import { sessionLost, useServiceSession } from '../service/service-session';
import { ServiceStatus } from '../service/service-status';
import { CancelDialog } from './cancel-dialog';
import { orderName, OrderCard } from './order-card';
import { commandFor, KEY_HELP, type Focus } from './pick-keys';
import {
  COLUMN_TITLES,
  COLUMNS,
  columnsOf,
  keyOf,
  type Column,
  type OrderKey,
} from './pick-orders';
import { usePickFeed } from './use-pick-feed';

const STATE_WORDS = {
  new: 'New',
  picking: 'Picking',
  ready: 'Ready',
  'handed-over': 'Handed over',
  cancelled: 'Cancelled',
} as const;

const clock = (at: number) =>
  new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const STATUS_TEXT = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting… the orders shown may be out of date',
  'signed-out': 'Signed out',
} as const;

export function PickScreen() {
  const { client, base, via } = useServiceSession();
  const { board, settings, status } = usePickFeed(base ?? '', via === 'token');
  const now = useNow(1000) + board.clockSkewMs;
  const columns = useMemo(() => columnsOf(board), [board]);
  const [focusKey, setFocusKey] = useState<OrderKey | null>(null);
  const [busy, setBusy] = useState<OrderKey | null>(null);
  const [said, setSaid] = useState('');
  const [cancelling, setCancelling] = useState<PickOrder | null>(null);
  const [sound, setSound] = useState(canChime());
  const cards = useRef(new Map<OrderKey, HTMLElement>());

  const where = (key: OrderKey | null): Focus | null => {
    if (key === null) return null;
    for (const column of COLUMNS) {
      const index = columns[column].findIndex((order) => keyOf(order) === key);
      if (index !== -1) return { column, index };
    }
    return null;
  };
  const focus = where(focusKey);
  const focusedOrder = focus ? (columns[focus.column][focus.index] ?? null) : null;
  const firstOrder = COLUMNS.map((column) => columns[column][0]).find(Boolean);
  // One order is in the Tab order at a time (the focused one, else the first): the arrows do the rest.
  const tabbableKey = focus ? focusKey : firstOrder ? keyOf(firstOrder) : null;

  const focusOn = (key: OrderKey) => {
    setFocusKey(key);
    cards.current.get(key)?.focus();
  };

  const move = async (order: PickOrder, action: PickAction, reason?: string) => {
    if (!client) return;
    const key = keyOf(order);
    setBusy(key);
    const result = await sendMove(client, order, action, order.state, reason);
    setBusy(null);
    const name = orderName(order);
    switch (result.kind) {
      case 'moved':
        setSaid(`${name}: ${STATE_WORDS[result.order.state]}.`);
        break;
      case 'beaten':
        setSaid(
          result.last
            ? `${result.last.by} moved ${name} to ${STATE_WORDS[result.order.state]} at ${clock(result.last.at)}.`
            : `${name} is ${STATE_WORDS[result.order.state]} now.`,
        );
        break;
      case 'refused':
        setSaid(`${name}: ${result.message}`);
        break;
      case 'signed-out':
        sessionLost();
        break;
      case 'unreachable':
        setSaid(`${name} was not moved: ${result.why}. Try again.`);
        break;
    }
  };

  const advance = (order: PickOrder) => {
    const step = stepFrom(order.state);
    if (step) void move(order, step);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    wakeChime();
    setSound(true);
    const target = event.target instanceof HTMLElement ? event.target : document.body;
    if (target.closest('input, textarea, dialog')) return;
    // Enter and Space on a button press that button; on an order they move it on.
    if ((event.key === 'Enter' || event.key === ' ') && target.tagName === 'BUTTON') return;
    const command = commandFor(event.key, focus, {
      new: columns.new.length,
      picking: columns.picking.length,
      ready: columns.ready.length,
      closed: columns.closed.length,
    });
    if (!command) return;
    event.preventDefault();
    if (command.kind === 'focus') {
      const order = columns[command.column][command.index];
      if (order) focusOn(keyOf(order));
      return;
    }
    if (!focusedOrder) return;
    if (command.kind === 'advance') advance(focusedOrder);
    if (command.kind === 'recall') void move(focusedOrder, 'recall');
    if (command.kind === 'cancel' && OPEN_STATES.includes(focusedOrder.state)) {
      setCancelling(focusedOrder);
    }
  };

  // A bump bar's keys arrive wherever the focus is (on the page itself once the focused
  // order moved to another column): the whole window listens.
  const keys = useRef(onKeyDown);
  useEffect(() => {
    keys.current = onKeyDown;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keys.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
  // The focused order keeps the focus when it moves to another column (its card is new there).
  useEffect(() => {
    if (focusKey === null) return;
    const active = document.activeElement;
    if (active === null || active === document.body) cards.current.get(focusKey)?.focus();
  }, [columns, focusKey]);

  const total = columns.new.length + columns.picking.length + columns.ready.length;

  return (
    <div
      className="flex min-h-dvh flex-col bg-slate-50"
      onPointerDown={() => {
        wakeChime();
        setSound(true);
      }}
    >
      <header className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b border-slate-200 bg-white px-6 py-3">
        <div className="flex items-baseline gap-4">
          <h1 className="text-2xl font-bold">Pick screen</h1>
          <p className="text-muted">
            {total} open order{total === 1 ? '' : 's'} · amber at {settings.pickAmberMinutes} min,
            red at {settings.pickRedMinutes} min
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
          {!sound && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                wakeChime();
                setSound(true);
              }}
            >
              Turn the chime on
            </button>
          )}
          <ServiceStatus />
        </div>
      </header>
      <p
        role="status"
        aria-live="polite"
        className="min-h-11 px-6 py-2 text-lg font-semibold empty:invisible"
      >
        {said}
      </p>
      <main className="grid flex-1 grid-cols-1 gap-4 px-6 pb-4 md:grid-cols-3 2xl:grid-cols-[1fr_1fr_1fr_0.8fr]">
        {COLUMNS.map((column: Column) => (
          <section
            key={column}
            aria-labelledby={`column-${column}`}
            className={`flex min-w-0 flex-col gap-3 ${column === 'closed' ? 'md:col-span-3 2xl:col-span-1' : ''}`}
          >
            <h2 id={`column-${column}`} className="text-xl font-bold">
              {COLUMN_TITLES[column]}{' '}
              <span className="tabular text-muted">({columns[column].length})</span>
            </h2>
            {columns[column].length === 0 ? (
              <p className="rounded-2xl border-2 border-dashed border-slate-300 p-4 text-muted">
                {column === 'new' ? 'No new orders. A new one chimes and shows here.' : 'None.'}
              </p>
            ) : (
              columns[column].map((order) => {
                const key = keyOf(order);
                return (
                  <OrderCard
                    key={key}
                    order={order}
                    settings={settings}
                    now={now}
                    focused={focusKey === key}
                    tabbable={tabbableKey === key}
                    busy={busy === key}
                    cardRef={(element) => {
                      if (element) cards.current.set(key, element);
                      else cards.current.delete(key);
                    }}
                    onFocus={() => setFocusKey(key)}
                    onAdvance={() => advance(order)}
                    onRecall={() => void move(order, 'recall')}
                    onCancel={() => setCancelling(order)}
                  />
                );
              })
            )}
          </section>
        ))}
      </main>
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
      <CancelDialog
        name={cancelling ? orderName(cancelling) : null}
        onClose={() => setCancelling(null)}
        onCancel={(reason) => {
          const order = cancelling;
          setCancelling(null);
          if (order) void move(order, 'cancel', reason);
        }}
      />
    </div>
  );
}
