/**
 * The markup a kept launch screen may hold (launch-screen.ts): a landing page's plain
 * elements and attributes, its inline icons, and paths of the shop's own. Anything else (a
 * script, a handler, a style, an image, an address with a scheme or a host) and the screen
 * is not painted. Imports nothing: the launch script bundles it on its own.
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

/** A path of the shop's own, or a place on the page: never a scheme, a host or a backslash. */
const isShopHref = (value: string): boolean => /^(\/(?![/\\])[^\s\\]*|#[\w-]*)$/.test(value);

function isPlainElement(element: Element): boolean {
  if (!ELEMENTS.has(element.localName.toLowerCase())) return false;
  return element.getAttributeNames().every((raw) => {
    const name = raw.toLowerCase();
    if (name.startsWith('aria-') || name.startsWith('data-')) return /^[a-z-]+$/.test(name);
    if (!ATTRIBUTES.has(name)) return false;
    return name !== 'href' || isShopHref(element.getAttribute(raw) ?? '');
  });
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
