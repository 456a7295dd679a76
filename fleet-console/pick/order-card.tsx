/**
 * One order on the pick screen: its collection number, when and where it was ordered, how
 * long it has waited (amber, then red, at the shop's times, said in words too), a late
 * order's mark, its lines (picture, title, quantity), and the buttons for its next step, recall and cancel (each at
 * least 44 px). A new order stands out until someone takes it.
 */
import { memo, useCallback } from 'react';
import {
  stepFrom,
  type PickAction,
  type PickOrder,
  type ShopSettings,
} from '@shared/fleet/order-flow';
import { keyOf, urgencyOf, waitedText, type OrderKey } from './pick-orders';
import { formatTimeOfDay } from '../lib/format';
import { useSharedNow } from '../lib/use-now';
import { LinePicture } from '../ui/line-picture';

const STEP_LABELS = { take: 'Take', ready: 'Ready', 'hand-over': 'Handed over' } as const;

const URGENCY_STYLES = {
  calm: 'bg-slate-100 text-ink',
  amber: 'bg-amber-200 text-amber-950',
  red: 'bg-red-700 text-white',
} as const;

const URGENCY_WORDS = { calm: '', amber: 'Waiting long', red: 'Overdue' } as const;

const clock = formatTimeOfDay;

export function orderName(order: PickOrder): string {
  return order.collectionNumber ?? `Receipt …${order.receiptId.slice(-7)}`;
}

/** What a card asks of its screen; one object for the screen's life, so cards stay memoised. */
export interface CardActions {
  /** The card's element, or null when it leaves (for keyboard focus). */
  register(key: OrderKey, element: HTMLElement | null): void;
  focus(key: OrderKey): void;
  move(order: PickOrder, action: PickAction): void;
  cancel(order: PickOrder): void;
}

export interface OrderCardProps {
  order: PickOrder;
  settings: ShopSettings;
  /** The service's clock less this page's, ms: ages are the service's. */
  skewMs: number;
  focused: boolean;
  tabbable: boolean;
  busy: boolean;
  actions: CardActions;
}

function OrderLines({ lines }: { lines: PickOrder['lines'] }) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Lines">
      {lines.map((line) => (
        <li key={line.productId} className="flex items-center gap-3">
          <LinePicture image={line.image} title={line.title} size="large" />
          <span className="min-w-0 flex-1 text-lg leading-snug">{line.title}</span>
          <span className="tabular shrink-0 text-2xl font-extrabold">× {line.quantity}</span>
        </li>
      ))}
    </ul>
  );
}

function OrderActions(props: {
  order: PickOrder;
  busy: boolean;
  onAdvance: () => void;
  onRecall: () => void;
  onCancel: () => void;
}) {
  const { order, busy, onAdvance, onRecall, onCancel } = props;
  const step = stepFrom(order.state);
  const closed = order.state === 'handed-over' || order.state === 'cancelled';
  return (
    <div className="flex flex-wrap gap-2">
      {step && (
        <button
          type="button"
          className="btn-primary flex-1 text-lg"
          disabled={busy}
          onClick={onAdvance}
        >
          {STEP_LABELS[step]}
        </button>
      )}
      {order.state !== 'new' && (
        <button type="button" className="btn-secondary" disabled={busy} onClick={onRecall}>
          Recall
        </button>
      )}
      {!closed && (
        <button type="button" className="btn-secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

/**
 * How long the order has waited, amber then red at the shop's ages: the only part of a card
 * that changes every second, so the only part the page's clock redraws.
 */
function Waited({
  order,
  settings,
  skewMs,
}: Pick<OrderCardProps, 'order' | 'settings' | 'skewMs'>) {
  const now = useSharedNow(1000) + skewMs;
  const urgency = urgencyOf(order, settings, now);
  const waited = waitedText(now - order.at);
  return (
    <p
      className={`tabular shrink-0 rounded-lg px-3 py-1 text-right text-2xl font-bold ${URGENCY_STYLES[urgency]}`}
      aria-label={`Waiting ${waited}${urgency === 'calm' ? '' : `, ${URGENCY_WORDS[urgency].toLowerCase()}`}`}
    >
      {waited}
      {urgency !== 'calm' && (
        <span className="block text-sm font-semibold">{URGENCY_WORDS[urgency]}</span>
      )}
    </p>
  );
}

/**
 * Memoised: a card is drawn again only when its order, its focus or its move changes, not
 * when another order arrives or the clock ticks. Off screen, the browser skips the layout
 * and paint of its group of cards (pick-screen.tsx), so 300 open orders cost about what is
 * in view. Each card in view is a layer of its own (`will-change: transform`): when an order
 * leaves a column, the cards below it move up as they are, where otherwise every pixel of
 * them was drawn again. Without a graphics card that drawing ran on the CPU beside the
 * page's own work and held its tasks past 50 ms.
 */
export const OrderCard = memo(function OrderCard({
  order,
  settings,
  skewMs,
  focused,
  tabbable,
  busy,
  actions,
}: OrderCardProps) {
  const closed = order.state === 'handed-over' || order.state === 'cancelled';
  const fresh = order.state === 'new';
  const titleId = `order-${order.kioskId}-${order.receiptId}`;
  const key = keyOf(order);
  const cardRef = useCallback(
    (element: HTMLElement | null) => actions.register(key, element),
    [actions, key],
  );
  const step = stepFrom(order.state);
  return (
    <article
      ref={cardRef}
      tabIndex={tabbable ? 0 : -1}
      aria-labelledby={titleId}
      data-order={order.receiptId}
      onFocus={(event) => {
        if (event.target === event.currentTarget) actions.focus(key);
      }}
      className={`flex flex-col gap-3 rounded-2xl border-2 bg-white p-4 shadow-sm [will-change:transform] ${
        fresh ? 'border-brand-600 bg-brand-50 ring-4 ring-brand-100' : 'border-slate-200'
      } ${focused ? 'outline-4 outline-offset-2 outline-ink' : ''}`}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-4xl leading-none font-extrabold tracking-tight">
            {orderName(order)}
          </h3>
          <p className="mt-2 text-base whitespace-nowrap text-muted">
            {clock(order.at)} · {order.kioskId}
            {fresh && (
              <span className="ml-2 rounded bg-brand-700 px-2 py-0.5 text-sm font-bold text-white">
                NEW
              </span>
            )}
          </p>
        </div>
        {!closed && <Waited order={order} settings={settings} skewMs={skewMs} />}
      </header>
      {order.late && (
        <p className="rounded-lg bg-amber-100 px-3 py-2 font-semibold text-amber-950">
          Late: sent {waitedText(order.receivedAt - order.at)} after the shopper confirmed (the
          kiosk was offline)
        </p>
      )}
      {order.state === 'cancelled' && (
        <p className="rounded-lg bg-sale-50 px-3 py-2 font-semibold text-sale-700">
          Cancelled: {order.cancelReason ?? 'no reason given'}
        </p>
      )}
      {order.state === 'handed-over' && (
        <p className="rounded-lg bg-slate-100 px-3 py-2 font-semibold">Handed over</p>
      )}
      <OrderLines lines={order.lines} />
      <OrderActions
        order={order}
        busy={busy}
        onAdvance={() => {
          if (step) actions.move(order, step);
        }}
        onRecall={() => actions.move(order, 'recall')}
        onCancel={() => actions.cancel(order)}
      />
    </article>
  );
});
