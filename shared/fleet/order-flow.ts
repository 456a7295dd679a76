/**
 * An order's way from the kiosk to the shopper's hands, as the shop service keeps it and the
 * pick screen, the board and the counter read it: its states, the moves staff make between
 * them, and what the service sends the screens (an order, a move, a board's number, the
 * shop's settings). The service writes these shapes and the pages read them back through
 * the same schemas, so a page never acts on what it did not check.
 *
 * New → Picking → Ready → Handed over, one step at a time; Cancelled (with a reason) from
 * any of the first three; a recall undoes the last step. Nothing else skips a state.
 */
import { z } from 'zod';
import { COLLECTION_NUMBER_PATTERN } from '../collection-number';
import { RECEIPT_ID_PATTERN } from './receipt-code';
import { orderLineSchema } from './orders/shop-order';
import { isValidKioskId } from './topics';

export const ORDER_STATES = ['new', 'picking', 'ready', 'handed-over', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Where an order may still be moved forward or cancelled. */
export const OPEN_STATES: readonly OrderState[] = ['new', 'picking', 'ready'];

export const PICK_ACTIONS = ['take', 'ready', 'hand-over', 'cancel', 'recall'] as const;
export type PickAction = (typeof PICK_ACTIONS)[number];

/** The three steps forward: from one state to the next. */
export const STEPS: Readonly<
  Record<'take' | 'ready' | 'hand-over', { from: OrderState; to: OrderState }>
> = {
  take: { from: 'new', to: 'picking' },
  ready: { from: 'picking', to: 'ready' },
  'hand-over': { from: 'ready', to: 'handed-over' },
};

/** The step forward from `state`, if there is one. */
export function stepFrom(state: OrderState): 'take' | 'ready' | 'hand-over' | null {
  for (const [action, step] of Object.entries(STEPS)) {
    if (step.from === state) return action as 'take' | 'ready' | 'hand-over';
  }
  return null;
}

/**
 * An order arriving later than this after its shopper confirmed it came from a kiosk that
 * was offline (or could not reach the service): the screens say so. Two minutes: a kiosk
 * that reaches the service sends an order within seconds, and retries on failure within a
 * minute (fleet-agent/orders/order-delivery.ts), so only an outage is later than this.
 */
export const LATE_ORDER_MS = 2 * 60_000;

export const MAX_REASON_LENGTH = 200;
/** One line of printable text: a cancel's reason as staff typed it. */
export const reasonSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_REASON_LENGTH)
  .regex(/^[^\p{Cc}]*$/u);

const time = z.int().min(0).max(8.64e15);
const stateSchema = z.enum(ORDER_STATES);
const nameSchema = z.string().min(1).max(200);

/** An order as the pick screen and the counter see it: nothing about the shopper. */
export const pickOrderSchema = z.object({
  kioskId: z.string().refine(isValidKioskId, 'must be a kiosk id'),
  receiptId: z.string().regex(RECEIPT_ID_PATTERN),
  collectionNumber: z.string().regex(COLLECTION_NUMBER_PATTERN).nullable(),
  at: time,
  receivedAt: time,
  late: z.boolean(),
  lines: z.array(orderLineSchema).min(1).max(100),
  totalCents: z.int().min(0),
  state: stateSchema,
  stateAt: time,
  cancelReason: z.string().max(MAX_REASON_LENGTH).nullable(),
});
export type PickOrder = z.infer<typeof pickOrderSchema>;

export const moveSchema = z.object({
  id: z.int().min(1),
  kioskId: z.string().refine(isValidKioskId, 'must be a kiosk id'),
  receiptId: z.string().regex(RECEIPT_ID_PATTERN),
  kind: z.enum(['arrived', 'move', 'cancel', 'recall', 'handover']),
  from: stateSchema.nullable(),
  to: stateSchema,
  by: nameSchema,
  at: time,
  reason: z.string().max(MAX_REASON_LENGTH).nullable(),
});
export type OrderMove = z.infer<typeof moveSchema>;

/** One event of the pick screens' feed: a move and the order as it stands after it. */
export const pickChangeSchema = z.object({ move: moveSchema, order: pickOrderSchema });
export type PickChange = z.infer<typeof pickChangeSchema>;

/** What the board shows of an order: its number and state, and since when. */
export const boardItemSchema = z.object({
  number: z.string().regex(COLLECTION_NUMBER_PATTERN),
  state: stateSchema,
  stateAt: time,
});
export type BoardItem = z.infer<typeof boardItemSchema>;

/** One event of the board's feed. */
export const boardChangeSchema = z.object({ id: z.int().min(1), item: boardItemSchema });
export type BoardChange = z.infer<typeof boardChangeSchema>;

const minutes = (max: number) => z.number().min(0.5).max(max);

/**
 * What the shop's manager sets: when an order's timer turns amber and red, how long a ready
 * number stays on the board, and whether the board says it aloud (in which languages).
 */
export const shopSettingsFields = z.strictObject({
  pickAmberMinutes: minutes(240),
  pickRedMinutes: minutes(240),
  boardReadyMinutes: minutes(240),
  boardChime: z.boolean(),
  boardSpeech: z.boolean(),
  /** BCP 47 tags, e.g. "en-GB", "de": the number is said once in each. */
  boardSpeechLanguages: z.array(z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/)).max(4),
});

export const shopSettingsSchema = shopSettingsFields.refine(
  (settings) => settings.pickRedMinutes > settings.pickAmberMinutes,
  { message: 'pickRedMinutes must be later than pickAmberMinutes', path: ['pickRedMinutes'] },
);
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  pickAmberMinutes: 5,
  pickRedMinutes: 10,
  boardReadyMinutes: 10,
  boardChime: true,
  boardSpeech: false,
  boardSpeechLanguages: ['en'],
};

/** The board's part of the settings: all a screen without a login is told. */
export type BoardSettings = Pick<
  ShopSettings,
  'boardReadyMinutes' | 'boardChime' | 'boardSpeech' | 'boardSpeechLanguages'
>;

export const boardSnapshotSchema = z.object({
  items: z.array(boardItemSchema).max(2000),
  lastMoveId: z.int().min(0),
  settings: z.object({
    boardReadyMinutes: minutes(240),
    boardChime: z.boolean(),
    boardSpeech: z.boolean(),
    boardSpeechLanguages: z.array(z.string().max(20)).max(4),
  }),
  now: time,
});
export type BoardSnapshot = z.infer<typeof boardSnapshotSchema>;

/** The most open and just-closed orders a pick snapshot may hold. */
export const MAX_SNAPSHOT_ORDERS = 2000;

export const pickSnapshotSchema = z.object({
  orders: z.array(pickOrderSchema).max(MAX_SNAPSHOT_ORDERS),
  lastMoveId: z.int().min(0),
  settings: shopSettingsSchema,
  now: time,
});
export type PickSnapshot = z.infer<typeof pickSnapshotSchema>;

/**
 * How orders are flowing through a shop, as the shop service computes it from its moves
 * (services/shop/flow) and the console's panel reads it back: orders in the last hour, the
 * time from a shopper's confirm to the order ready and from ready to handover (p50 and p90,
 * over the orders that reached that point in the last hour, in whole milliseconds; null
 * when none did), and what waits now. The same figures are the service's /metrics.
 */

export const spanFiguresSchema = z.object({
  /** Orders the span is measured over. */
  count: z.int().min(0),
  p50Ms: time.nullable(),
  p90Ms: time.nullable(),
});
export type SpanFigures = z.infer<typeof spanFiguresSchema>;

export const flowSummarySchema = z.object({
  /** The span the figures cover, ending `now`. */
  windowMs: time,
  now: time,
  /** Orders that reached the service in the window. */
  ordersInWindow: z.int().min(0),
  /** Every order the service has kept. */
  ordersTotal: z.int().min(0),
  confirmToReady: spanFiguresSchema,
  readyToHandover: spanFiguresSchema,
  /** Open orders by state, now. */
  waiting: z.object({
    new: z.int().min(0),
    picking: z.int().min(0),
    ready: z.int().min(0),
  }),
  /** How long the oldest order not yet ready has waited since its confirm; 0 when none. */
  oldestUnreadyMs: time,
});
export type FlowSummary = z.infer<typeof flowSummarySchema>;
