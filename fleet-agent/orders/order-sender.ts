/**
 * One try at handing an order to the shop service: `POST /orders` with the order and the
 * kiosk's certificate (the service may not know it yet, and keeps it once it verifies),
 * signed with the receipt key at the moment of sending, since the service takes a signature
 * only within minutes of its time.
 *
 * What the answer means for the outbox:
 * - delivered: 201 (kept) or 200 (kept before: a repeat), naming this order's receipt;
 * - refused: the service will never take it, however often asked (400 a body it refuses,
 *   outside the hold window included; 403 a revoked certificate or another kiosk's order;
 *   409 another order under this receipt; 413, 415, 422);
 * - retry: anything else. Down, unreachable, slow, 5xx, 429, 404 (a URL that is not the
 *   service, until someone fixes it), 401 (a clock off by minutes, a certificate the
 *   service cannot check yet), or an answer that is not the service's;
 * - unsigned: not enrolled now, so nothing to sign with; the order waits.
 *
 * The answer's body is read only up to MAX_ANSWER_BYTES, for the log line and the check.
 */
import type { ShopOrder } from '../../shared/fleet/orders/shop-order';
import { kioskRequestHeaders, type KioskRequestCredentials } from './kiosk-request';

export const ORDERS_PATH = '/orders';
export const SEND_TIMEOUT_MS = 15_000;
export const MAX_ANSWER_BYTES = 8 * 1024;

export type SendOutcome =
  | { kind: 'delivered'; status: 200 | 201 }
  | { kind: 'refused'; status: number; reason: string }
  | { kind: 'retry'; reason: string }
  | { kind: 'unsigned' };

export interface OrderSender {
  send(order: ShopOrder): Promise<SendOutcome>;
}

export interface OrderSenderOptions {
  /** The service's origin, e.g. `https://shop.example:8470`. */
  serviceUrl: string;
  credentials: KioskRequestCredentials;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

const REFUSED = new Set([400, 403, 409, 413, 415, 422]);

const fieldsOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** One printable line of at most `max` characters, or ''. */
const lineOf = (value: unknown, max: number): string =>
  typeof value === 'string'
    ? value
        .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
        .trim()
        .slice(0, max)
    : '';

/** The error code and message of a service's error body, for a log line. */
function errorText(json: unknown): string {
  const { error, message } = fieldsOf(json);
  const code = lineOf(error, 40);
  const text = lineOf(message, 160);
  return [code, text].filter((part) => part !== '').join(': ') || 'no reason given';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What an answer of `status` with the body `text` means for `order`. Never throws. */
export function readServiceAnswer(
  status: number,
  text: string,
  order: Pick<ShopOrder, 'kioskId' | 'receiptId'>,
): SendOutcome {
  const json = text.length <= MAX_ANSWER_BYTES ? parseJson(text) : undefined;
  if (status === 200 || status === 201) {
    const kept = fieldsOf(fieldsOf(json).order);
    return kept.receiptId === order.receiptId && kept.kioskId === order.kioskId
      ? { kind: 'delivered', status }
      : { kind: 'retry', reason: `HTTP ${status} that is not the shop service's answer` };
  }
  const reason = `HTTP ${status} (${errorText(json)})`;
  return REFUSED.has(status) ? { kind: 'refused', status, reason } : { kind: 'retry', reason };
}

/** The first `max` bytes of the body as text; the rest is not read. */
async function readCapped(response: Response, max: number): Promise<string> {
  // Node's fetch gives a byte stream; its type says no more than ReadableStream.
  const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size <= max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks)
    .subarray(0, max + 1)
    .toString('utf8');
}

const describeError = (error: unknown): string => {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const text = (value: unknown) => (value instanceof Error ? value.message : String(value));
  return cause === undefined ? text(error) : `${text(error)}: ${text(cause)}`;
};

export function createOrderSender(options: OrderSenderOptions): OrderSender {
  const { credentials } = options;
  const fetchFn = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const url = new URL(ORDERS_PATH, options.serviceUrl);
  const path = `${url.pathname}${url.search}`;
  return {
    async send(order) {
      const certificate = credentials.certificate();
      if (certificate === null) return { kind: 'unsigned' };
      const body = JSON.stringify({ order, certificate });
      const headers = kioskRequestHeaders(
        credentials,
        certificate,
        { method: 'POST', path, body },
        now(),
      );
      try {
        const response = await fetchFn(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
          // A redirect would carry the signed body elsewhere, and the path it signed would not match.
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        return readServiceAnswer(
          response.status,
          await readCapped(response, MAX_ANSWER_BYTES),
          order,
        );
      } catch (error) {
        return { kind: 'retry', reason: describeError(error) };
      }
    },
  };
}
