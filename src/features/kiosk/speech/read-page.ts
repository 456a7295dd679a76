/**
 * Reads a screen's summary from the page, by the landmarks and names the shop gives its
 * screens (the main landmark's heading, the pagination, the product cards, the order
 * summary, the receipt), for page-words.ts to say. A screen it does not know is its
 * heading and first paragraph.
 */
import type { PageFacts, SummaryRow } from './page-words';
import { firstPrice, readText } from './read-control';

/** The rows of a description list: each <dt> with its <dd>. */
function readRows(list: Element | null | undefined): SummaryRow[] {
  if (!list) return [];
  return [...list.querySelectorAll('dt')].map((term) => {
    const value = term.nextElementSibling;
    return { label: readText(term), value: value ? readText(value) : '' };
  });
}

/** The collection number the thank-you shows, and the sentence after it; null without one. */
function readCollection(main: Element): { number: string; where: string } | null {
  const number = main.querySelector('[data-collection-number]');
  if (!number) return null;
  const where = number.nextElementSibling;
  return { number: readText(number), where: where ? readText(where) : '' };
}

const path = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';

export function readPage(pathname: string, doc: Document = document): PageFacts | null {
  const main = doc.querySelector('main');
  const h1 = main?.querySelector('h1');
  if (!main || !h1) return null;
  const heading = readText(h1);
  const where = path(pathname);

  if (where === '/products') {
    const status = main.querySelector<HTMLElement>('[data-pagination] [data-page]');
    if (status) {
      // The grid's own count: the visit's first grid shows its top row a frame before the rest.
      const grid = main.querySelector<HTMLElement>('[data-products]');
      const given = grid?.dataset.products;
      const counted = given ? Number(given) : Number.NaN;
      return {
        kind: 'catalogue',
        heading,
        page: Number(status.dataset.page),
        pages: Number(status.dataset.pages),
        products:
          Number.isInteger(counted) && counted >= 0
            ? counted
            : main.querySelectorAll('[data-products] article').length,
      };
    }
  }

  if (/^\/product\/[^/]+$/.test(where)) {
    const rating = main.querySelector('[role="img"][data-rating]')?.getAttribute('aria-label');
    return { kind: 'product', heading, price: firstPrice(main), details: rating ? [rating] : [] };
  }

  if (where === '/cart') {
    const summary = main.querySelector('section[aria-labelledby="summary-heading"]');
    return {
      kind: 'cart',
      heading,
      lines: main.querySelectorAll('input[data-arrows="vertical"]').length,
      rows: readRows(summary?.querySelector('dl')),
    };
  }

  if (where === '/checkout') {
    const receipt = main.querySelector('section[aria-labelledby="receipt-heading"]');
    if (receipt) {
      const id = /Receipt-\d+-\d+/.exec(readText(receipt))?.[0] ?? '';
      const note = h1.parentElement?.querySelector('p');
      return {
        kind: 'receipt',
        heading,
        collection: readCollection(main),
        receiptId: id,
        lines: [...receipt.querySelectorAll('ul[data-receipt-items] li')].map(readText),
        rows: readRows(receipt.querySelector('dl')),
        note: note ? readText(note) : '',
      };
    }
    const lines = [...main.querySelectorAll('ul li')].map(readText);
    if (lines.length > 0) {
      return { kind: 'checkout', heading, lines, rows: readRows(main.querySelector('dl')) };
    }
  }

  // Not a live region's: what it says is said as it changes.
  const paragraph = main.querySelector('p:not([role]):not([aria-live])');
  return { kind: 'other', heading, text: paragraph ? readText(paragraph) : '' };
}
