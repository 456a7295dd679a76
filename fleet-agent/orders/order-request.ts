/**
 * The order the page hands over when a shopper confirms (`OrderToSend` of the bridge), read
 * as what it is: input from a renderer, checked here before anything is kept or signed.
 * Main adds the kiosk's id; the shared schema (shop-order.ts) has the last word, so what the
 * outbox keeps is exactly what the shop service takes. Only the known fields are read: an
 * extra field, whatever it holds, never reaches the outbox or the network.
 *
 * A title is the one free text: control characters become spaces, an unpaired surrogate
 * becomes U+FFFD (PostgreSQL's JSON refuses both, and a refused order would be tried for
 * nothing until it expired), and a long one is cut at a character boundary to the schema's
 * 200.
 *
 * A line's image goes on only as one the staff's screens can show (order-line-image.ts): the
 * catalogue's https URL, or, on the kiosk's embedded demo catalogue, the shop service's
 * drawing of the same product. Any other image is left out; the line and the order stand.
 */
import { RECEIPT_LIMITS } from '../../shared/fleet/receipt-code';
import { demoImagePath, isOrderLineImage } from '../../shared/fleet/orders/order-line-image';
import { shopOrderSchema, type ShopOrder } from '../../shared/fleet/orders/shop-order';

export const MAX_TITLE_LENGTH = 200;

const CONTROL = /\p{Cc}+/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A title as the service keeps it: one line of printable text, 1 to 200 UTF-16 units. */
export function orderTitle(raw: string, productId: number): string {
  const cleaned = raw.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROL, ' ').trim();
  let title = '';
  for (const character of cleaned) {
    if (title.length + character.length > MAX_TITLE_LENGTH) break;
    title += character;
  }
  title = title.trimEnd();
  return title === '' ? `Product ${productId}` : title;
}

/** Where the kiosk's embedded catalogue keeps a product's drawing, on the app's own origin. */
const EMBEDDED_IMAGE = /^\/api\/images\/([1-9][0-9]{0,8})\.svg$/;

/**
 * The line's image as the service takes it, from the one the page showed, or undefined.
 * `embeddedCatalogue`: the kiosk sells from its embedded demo catalogue, so its own image
 * paths name the demo catalogue's drawings (with a configured host they name nothing).
 */
export function orderLineImage(shown: unknown, embeddedCatalogue: boolean): string | undefined {
  if (typeof shown !== 'string') return undefined;
  const embedded = embeddedCatalogue ? EMBEDDED_IMAGE.exec(shown) : null;
  if (embedded?.[1] !== undefined) return demoImagePath(Number(embedded[1]));
  return isOrderLineImage(shown) ? shown : undefined;
}

const fieldsOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export interface OrderReading {
  /** Main's number for the receipt (never the page's word), or null. */
  collectionNumber?: string | null;
  /** The kiosk sells from its embedded demo catalogue (see orderLineImage). */
  embeddedCatalogue?: boolean;
}

/** The page's order for `kioskId`, or null when it is not one the service would take. */
export function orderFromRequest(
  request: unknown,
  kioskId: string,
  { collectionNumber = null, embeddedCatalogue = false }: OrderReading = {},
): ShopOrder | null {
  const { receiptId, at, lines, totalCents } = fieldsOf(request);
  // Counted before anything is read: a page's list of a million lines costs nothing.
  if (!Array.isArray(lines) || lines.length > RECEIPT_LIMITS.maxItems) return null;
  const candidate = {
    receiptId,
    kioskId,
    at,
    totalCents,
    lines: lines.map((line: unknown) => {
      const { productId, title, quantity, priceCents, image } = fieldsOf(line);
      const picture = orderLineImage(image, embeddedCatalogue);
      return {
        productId,
        title:
          typeof title === 'string' && typeof productId === 'number'
            ? orderTitle(title, productId)
            : title,
        quantity,
        priceCents,
        ...(picture === undefined ? {} : { image: picture }),
      };
    }),
    ...(collectionNumber === null ? {} : { collectionNumber }),
  };
  const parsed = shopOrderSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}
