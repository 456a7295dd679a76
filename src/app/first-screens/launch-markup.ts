/**
 * The markup a kept launch screen may hold (launch-screen.ts): a landing page's plain
 * elements and attributes, its inline icons, and links to the shop's own pages. Anything
 * else (a script, a handler, a style, an image, an address with a scheme or a host, a path
 * no page has, an input of another kind) and the screen is not painted: React keeps an
 * attribute it did not write as it finds it, so nothing may be there that it would not
 * write. Imports nothing: the launch script bundles it on its own.
 */

/** What a landing page is made of: the app's plain markup and its inline icons. */
const ELEMENTS = new Set([
  ...['div', 'span', 'p', 'a', 'button', 'header', 'nav', 'main', 'section', 'footer'],
  ...['ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'strong', 'em', 'small', 'br', 'dialog'],
  // The staff exit's PIN form, closed in its dialog.
  ...['form', 'label', 'input'],
  ...['svg', 'g', 'path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'ellipse'],
]);

const ATTRIBUTES = new Set([
  ...['class', 'id', 'role', 'tabindex', 'hidden', 'lang', 'dir', 'title', 'type', 'disabled'],
  ...['href', 'focusable', 'xmlns', 'viewbox', 'width', 'height', 'fill', 'stroke', 'd'],
  ...['stroke-width', 'stroke-linecap', 'stroke-linejoin', 'fill-rule', 'clip-rule'],
  ...['cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'points', 'opacity'],
  ...['for', 'inputmode', 'autocomplete', 'required', 'maxlength', 'value', 'autofocus'],
]);

/** An attribute that would be checked as inline code the moment it is parsed. */
const INLINE_CODE = /[\s/"'](on[a-z-]*|style)\s*=/i;

/**
 * A page of the route table (src/app/routes.tsx), a category of the products page, or a
 * place on the page: never a scheme, a host, or a path that would load anything else.
 */
const SHOP_HREF =
  /^(#[\w-]+|\/|\/(home|about|cart|checkout)|\/products(\?[\w%&=.'+-]*)?|\/product\/[1-9]\d{0,15})$/;

/** The kinds of input and button a landing page has (the staff exit's PIN, its buttons). */
const TYPES = new Set(['button', 'submit', 'password', 'text', 'search']);

/** A paint that would fetch something: only a reference inside the page (`url(#…)`). */
const FETCHING = /url\s*\(\s*['"]?(?!#)/i;

function isPlainAttribute(name: string, value: string): boolean {
  if (FETCHING.test(value)) return false;
  if (name.startsWith('aria-') || name.startsWith('data-')) return /^[a-z-]+$/.test(name);
  if (!ATTRIBUTES.has(name)) return false;
  if (name === 'href') return SHOP_HREF.test(value);
  return name !== 'type' || TYPES.has(value.toLowerCase());
}

function isPlainElement(element: Element): boolean {
  if (!ELEMENTS.has(element.localName.toLowerCase())) return false;
  return element
    .getAttributeNames()
    .every((name) => isPlainAttribute(name.toLowerCase(), element.getAttribute(name) ?? ''));
}

/**
 * `html` parsed without running or loading anything (a template's content), when it holds
 * nothing but a landing page's plain markup; otherwise null.
 */
export function inertLaunchContent(html: string, doc: Document): DocumentFragment | null {
  // Not even parsed: an inline handler or style is checked against the page's policy, and
  // reported, as soon as the parser sets it, inert or not.
  if (INLINE_CODE.test(html)) return null;
  const template = doc.createElement('template');
  template.innerHTML = html;
  const walker = doc.createTreeWalker(template.content, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!isPlainElement(node as Element)) return null;
  }
  return template.content;
}
