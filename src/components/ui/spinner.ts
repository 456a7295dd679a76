import { htmlText } from '@/lib/html-text';

/**
 * A spinning ring above its label, announced as a status, as HTML: it is drawn inside places
 * React does not manage (the product page's loading place, which the page's early paint may
 * fill before the app runs), so React never compares or patches it.
 */
export function spinnerHtml(label: string): string {
  return (
    '<div role="status" class="flex flex-col items-center gap-3 py-16 text-muted">' +
    '<svg class="size-10 animate-spin text-brand-700 motion-reduce:animate-none" ' +
    'viewBox="0 0 24 24" aria-hidden="true">' +
    '<circle cx="12" cy="12" r="10" stroke="currentColor" stroke-width="3" fill="none" ' +
    'opacity="0.2"></circle>' +
    '<path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" stroke-width="3" fill="none" ' +
    'stroke-linecap="round"></path></svg>' +
    `<span>${htmlText(label)}</span></div>`
  );
}
