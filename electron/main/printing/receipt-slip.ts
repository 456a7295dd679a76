/**
 * The printed slip, drawn by main from checked receipt data (printable-receipt.ts), never
 * from the page: a small HTML document for a 58 or 80 mm receipt roll that looks like the
 * slip the page's print stylesheet lays out, in the shopper's language (its words from
 * shared/slip-words.ts, its money and date as that language writes them; right to left in
 * Arabic). Every text is escaped, and the document's own policy allows no script, no
 * request and no form: only its one inline stylesheet.
 */
import { createHash } from 'node:crypto';
import { RIGHT_TO_LEFT, type ShopperLanguage } from '../../../shared/languages';
import type { PrintableReceipt } from '../../../shared/printable-receipt';
import { receiptQrPath } from '../../../shared/receipt-qr';
import { SLIP_WORDS, type SlipWords } from '../../../shared/slip-words';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text or a quoted attribute value: it can never open a tag or leave the quotes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const dollars = new Map<ShopperLanguage, Intl.NumberFormat>();

/** The Intl locale a language writes money and dates in: English is the shop's en-US. */
const localeOf = (language: ShopperLanguage): string => (language === 'en' ? 'en-US' : language);

/**
 * `$1,234.56` in English, as web-shared/lib/money.ts formats cents on screen, and another
 * language's way with US dollars as the page writes them (src/i18n/formats.ts).
 */
export function formatCents(cents: number, language: ShopperLanguage = 'en'): string {
  let usd = dollars.get(language);
  if (!usd) {
    usd = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'USD' });
    dollars.set(language, usd);
  }
  return usd.format(cents / 100);
}

/** As the receipt on screen shows it (src/features/checkout/components/receipt-card.tsx). */
function formatIssued(ms: number, language: ShopperLanguage): string {
  const issued = new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return issued.format(new Date(ms));
}

/** The print stylesheet's slip (src/styles.css, `@media print`), as a document of its own. */
export const SLIP_STYLE = `
@page { margin: 3mm; }
html, body { margin: 0; padding: 0; background: #ffffff; color: #000000; }
body { font: 9.5pt/1.35 ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace; }
p, ul, dl, dd { margin: 0; padding: 0; }
.brand, .footer { margin: 0 0 2mm; text-align: center; font-weight: 700; }
.head { display: flex; flex-direction: column; align-items: center; gap: 2mm;
  padding: 0 0 2mm; text-align: center; border-bottom: 1px solid #000000; }
.id { font-weight: 700; overflow-wrap: anywhere; }
.qr { display: block; width: 36mm; height: 36mm; background: #ffffff; }
ul, dl { padding: 1.5mm 0; border-top: 1px dashed #000000; list-style: none; }
li, dl > div { display: flex; justify-content: space-between; align-items: baseline;
  gap: 4mm; padding: 0.5mm 0; }
li + li { border-top: 1px solid #000000; }
.item { min-width: 0; overflow-wrap: anywhere; }
.qty, .amount { font-weight: 600; font-variant-numeric: tabular-nums; white-space: nowrap; }
dd { white-space: nowrap; font-variant-numeric: tabular-nums; }
.paid { margin-top: 1.5mm; border-top: 1px solid #000000; font-size: 12pt; font-weight: 800; }
.collect { margin: 0 0 2mm; padding: 2mm 0; text-align: center; border: 2px solid #000000; }
.collect-number { font: 800 28pt/1.1 system-ui, 'DejaVu Sans', Arial, sans-serif;
  word-spacing: 0.2em; white-space: nowrap; }
.collect-where { padding: 0 2mm; }
[dir='rtl'] dd, [dir='rtl'] .amount { direction: ltr; unicode-bidi: isolate; }
`;

/**
 * The slip's policy: nothing may load or run. Its one stylesheet is allowed by hash, so not
 * even an injected style element would apply (none can be: every text is escaped).
 */
export function slipContentSecurityPolicy(style: string = SLIP_STYLE): string {
  const hash = createHash('sha256').update(style, 'utf8').digest('base64');
  return [
    "default-src 'none'",
    `style-src 'sha256-${hash}'`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function qrCode(receiptId: string, name: string): string {
  const { modules, path } = receiptQrPath(receiptId);
  return (
    `<svg class="qr" role="img" aria-label="${escapeHtml(name)} ${escapeHtml(receiptId)}" ` +
    `viewBox="0 0 ${modules} ${modules}" shape-rendering="crispEdges" ` +
    `xmlns="http://www.w3.org/2000/svg">` +
    `<rect width="${modules}" height="${modules}" fill="#ffffff"/>` +
    `<path d="${path}" fill="#000000"/></svg>`
  );
}

function row(label: string, value: string, className?: string): string {
  const attribute = className ? ` class="${className}"` : '';
  return `<div${attribute}><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`;
}

/**
 * The order's collection number, first and largest on the slip, with where to go with it;
 * nothing when main gave none.
 */
function collectionBlock(receipt: PrintableReceipt, words: SlipWords): string {
  const number = receipt.collectionNumber;
  if (number === undefined) return '';
  return [
    '<div class="collect">',
    `<p>${escapeHtml(words.collection)}</p>`,
    `<p class="collect-number" dir="ltr">${escapeHtml(number)}</p>`,
    `<p class="collect-where">${escapeHtml(words.collectionWhere.replace('{number}', number))}</p>`,
    '</div>',
  ].join('');
}

/** The slip as a whole HTML document. */
export function receiptSlipHtml(receipt: PrintableReceipt): string {
  const language = receipt.language ?? 'en';
  const words = SLIP_WORDS[language];
  const money = (cents: number): string => escapeHtml(formatCents(cents, language));
  const lines = receipt.lines
    .map(
      (line) =>
        `<li><span class="item"><span class="qty">${line.quantity} ×</span> ` +
        `${escapeHtml(line.title)}</span>` +
        `<span class="amount">${money(line.lineTotal)}</span></li>`,
    )
    .join('');
  const dir = RIGHT_TO_LEFT.includes(language) ? ' dir="rtl"' : '';
  return [
    '<!doctype html>',
    `<html lang="${language}"${dir}><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${slipContentSecurityPolicy()}">`,
    `<title>${escapeHtml(receipt.id)}</title>`,
    `<style>${SLIP_STYLE}</style>`,
    '</head><body>',
    `<p class="brand">${escapeHtml(words.brand)}</p>`,
    collectionBlock(receipt, words),
    '<div class="head">',
    `<p class="id">${escapeHtml(receipt.id)}</p>`,
    `<p class="issued">${escapeHtml(formatIssued(receipt.issuedAt, language))}</p>`,
    qrCode(receipt.id, words.qrCode),
    '</div>',
    `<ul aria-label="${escapeHtml(words.items)}">${lines}</ul>`,
    '<dl>',
    row(words.saved, `-${formatCents(receipt.savings, language)}`),
    row(words.tax, formatCents(receipt.tax, language)),
    row(words.pickup, words.free),
    row(words.paid, formatCents(receipt.total, language), 'paid'),
    '</dl>',
    `<p class="footer">${escapeHtml(words.footer)}</p>`,
    '</body></html>',
  ].join('\n');
}

/** The slip as a URL a window can load: a data: URL, so it needs no file, server or origin. */
export function receiptSlipUrl(receipt: PrintableReceipt): string {
  const html = Buffer.from(receiptSlipHtml(receipt), 'utf8').toString('base64');
  return `data:text/html;charset=utf-8;base64,${html}`;
}
