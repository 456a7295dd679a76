/**
 * The picture beside an order's line on the pick screen and at the counter, so staff pick
 * the right goods at a glance. Either the product's own https image, as the kiosk's
 * catalogue gave it, or a drawing of the demo catalogue, which the shop service serves
 * itself at `/pick/images/<id>.svg` (a kiosk on its embedded catalogue shows the same
 * drawing, on its own origin the stockroom cannot reach).
 *
 * Never plain http (anyone on the way could change it, and a page on https would not show
 * it), never a login in the URL (it would be kept with the order and shown to every
 * screen), never data:, javascript: or another scheme; capped, so an order stays small. A
 * line without one is still a line: kiosks from before images send none.
 */
import { z } from 'zod';

/** Far above a catalogue's image URL (FakeStore's are 60 characters), far below an order's cap. */
export const MAX_ORDER_IMAGE_LENGTH = 1000;

/** The shop service's drawings of the demo catalogue's products. */
export const DEMO_IMAGE_PREFIX = '/pick/images/';
const DEMO_IMAGE = /^\/pick\/images\/[1-9][0-9]{0,8}\.svg$/;

/**
 * Lower-case `https://`, a host's first character (never a third slash, which a parser would
 * skip), then printable ASCII without a backslash (which a browser reads as '/').
 */
const URL_TEXT = /^https:\/\/[A-Za-z0-9[][\x21-\x5b\x5d-\x7e]*$/;

/** The shop service's drawing of the demo catalogue's product `productId`. */
export function demoImagePath(productId: number): string {
  return `${DEMO_IMAGE_PREFIX}${productId}.svg`;
}

/** True for a demo drawing's path, or an https URL with a host and no login. */
export function isOrderLineImage(image: string): boolean {
  if (image.length > MAX_ORDER_IMAGE_LENGTH) return false;
  if (DEMO_IMAGE.test(image)) return true;
  if (!URL_TEXT.test(image) || !URL.canParse(image)) return false;
  const url = new URL(image);
  return (
    url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === ''
  );
}

export const orderLineImageSchema = z
  .string()
  .max(MAX_ORDER_IMAGE_LENGTH)
  .refine(isOrderLineImage, 'an https URL without a login, or one of the service’s demo images');
