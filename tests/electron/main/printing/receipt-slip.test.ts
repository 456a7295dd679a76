import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  formatCents,
  receiptSlipHtml,
  receiptSlipUrl,
  SLIP_STYLE,
  slipContentSecurityPolicy,
} from '../../../../electron/main/printing/receipt-slip';
import type { PrintableReceipt } from '../../../../shared/printable-receipt';
import { receiptQrPath } from '../../../../shared/receipt-qr';
import { SAMPLE_PRINTABLE_RECEIPT } from '../../../support/fixtures/printable-receipt';

// A total long enough to test how wide figures print.
const receipt: PrintableReceipt = { ...SAMPLE_PRINTABLE_RECEIPT, total: 123456789 };

const HOSTILE_TITLES = [
  '<img src=x onerror="document.title=\'pwned\'">',
  '</style><script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "' onmouseover='alert(1)",
  '<!-- </ul> --><meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '&lt;b&gt;already escaped&lt;/b&gt;',
];

/** Every tag the slip may hold: anything else came from the data. */
const SLIP_TAGS = new Set(
  'html head meta title style body p div svg rect path ul li span dl dt dd'.split(' '),
);

function tagsOf(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((match) => match[1]!.toLowerCase());
}

describe('escapeHtml', () => {
  it('leaves no character that opens a tag, an entity or leaves a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml('Café 🛒 ×')).toBe('Café 🛒 ×');
  });
});

describe('the printed slip', () => {
  it('shows what the receipt on screen shows, laid out as the print stylesheet does', () => {
    const html = receiptSlipHtml(receipt);
    for (const text of [
      'Kiosk Shop · store pickup receipt',
      '<p class="id">Receipt-1700000000123-42</p>',
      '<span class="qty">2 ×</span> Fjallraven Backpack',
      '<span class="amount">$219.90</span>',
      '<span class="qty">1 ×</span> Ring',
      '<dt>You saved</dt><dd>-$48.44</dd>',
      '<dt>Tax (20%)</dt><dd>$48.44</dd>',
      '<dt>Store pickup</dt><dd>FREE</dd>',
      '<div class="paid"><dt>Paid</dt><dd>$1,234,567.89</dd></div>',
      'Show this slip at the pickup counter.',
      '@page { margin: 3mm; }',
      'width: 36mm; height: 36mm;',
    ]) {
      expect(html).toContain(text);
    }
    // The date as the screen's en-US medium date and short time, in the kiosk's time zone.
    expect(html).toMatch(/<p class="issued">Nov 1[45], 2023, \d{1,2}:\d{2}\s[AP]M<\/p>/);
  });

  it('draws the same QR code of the receipt id as the screen', () => {
    const { modules, path } = receiptQrPath(receipt.id);
    const html = receiptSlipHtml(receipt);
    expect(html).toContain(`viewBox="0 0 ${modules} ${modules}"`);
    expect(html).toContain(`<path d="${path}" fill="#000000"/>`);
  });

  it('formats cents as the shop does', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(999_999_999_99)).toBe('$999,999,999.99');
  });

  it('keeps a hostile title as inert text: no tag, attribute or entity of its own', () => {
    for (const title of HOSTILE_TITLES) {
      const html = receiptSlipHtml({ ...receipt, lines: [{ title, quantity: 1, lineTotal: 1 }] });
      expect(html, title).toContain(escapeHtml(title));
      expect(new Set(tagsOf(html)), title).toEqual(SLIP_TAGS);
      // The only event handler text is the escaped title's, inside a text node.
      for (const tag of html.match(/<[^>]*>/g) ?? []) {
        expect(tag, title).not.toMatch(/\son\w+\s*=/i);
      }
      expect(html.match(/<script/gi), title).toBeNull();
      expect(html.match(/<style>/g), title).toHaveLength(1);
    }
  });

  it('allows no script, request or form, and only its own stylesheet, by hash', () => {
    const policy = slipContentSecurityPolicy();
    const hash = createHash('sha256').update(SLIP_STYLE).digest('base64');
    expect(policy).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'`,
    );
    expect(policy).not.toMatch(/script-src|unsafe|data:|\*/);
    const html = receiptSlipHtml(receipt);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${policy}">`);
    expect(html).toContain(`<style>${SLIP_STYLE}</style>`);
    // The policy comes before anything it governs.
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style>'));
  });

  it('is loaded as a data: URL, which even the largest receipt keeps under Chromium’s 2 MB', () => {
    const url = receiptSlipUrl(receipt);
    expect(url.startsWith('data:text/html;charset=utf-8;base64,')).toBe(true);
    expect(Buffer.from(url.split(',')[1]!, 'base64').toString('utf8')).toBe(
      receiptSlipHtml(receipt),
    );
    const worst = {
      ...receipt,
      lines: Array.from({ length: 100 }, () => ({
        title: '"'.repeat(500),
        quantity: 9_999,
        lineTotal: Number.MAX_SAFE_INTEGER,
      })),
    };
    expect(receiptSlipUrl(worst).length).toBeLessThan(2 * 1024 * 1024);
  });
});

describe('the slip in the shopper’s language', () => {
  const text = (html: string) =>
    html
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');

  it('is English, as it always was, without a language', () => {
    const html = receiptSlipHtml(receipt);
    expect(html).toContain('<html lang="en"><head>');
    expect(text(html)).toContain('You saved');
    expect(html).toContain(formatCents(receipt.total));
  });

  it('speaks Spanish with Spanish words, money and date', () => {
    const html = receiptSlipHtml({ ...receipt, language: 'es' });
    expect(html).toContain('<html lang="es"><head>');
    const words = text(html);
    for (const said of ['Ha ahorrado', 'Impuestos (20 %)', 'Recogida en tienda', 'GRATIS']) {
      expect(words).toContain(said);
    }
    expect(words).not.toContain('You saved');
    const usd = new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' });
    expect(html).toContain(escapeHtml(usd.format(receipt.total / 100)));
    expect(formatCents(123456, 'de')).toBe(
      new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(1234.56),
    );
    const date = new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' });
    expect(words).toContain(escapeHtml(date.format(new Date(receipt.issuedAt))));
  });

  it('puts the collection number first and largest, with where to go, in the shopper’s language', () => {
    const english = receiptSlipHtml({ ...receipt, collectionNumber: 'C 27' });
    expect(english).toContain('<p class="collect-number" dir="ltr">C 27</p>');
    expect(text(english)).toContain(
      'Your collection number C 27 Go to the pickup counter and watch the board for C 27.',
    );
    // Above the receipt id, which stays as the spec writes it.
    expect(english.indexOf('collect-number')).toBeLessThan(english.indexOf('class="id"'));
    expect(english).toContain(`<p class="id">${receipt.id}</p>`);
    const german = text(receiptSlipHtml({ ...receipt, collectionNumber: 'K 3', language: 'de' }));
    expect(german).toContain('Ihre Abholnummer K 3');
    expect(german).toContain('auf die Nummer K 3.');
  });

  it('shows no collection number when main gave none', () => {
    expect(receiptSlipHtml(receipt)).not.toContain('class="collect');
  });

  it('runs right to left in Arabic, its receipt id and amounts still readable', () => {
    const html = receiptSlipHtml({ ...receipt, language: 'ar' });
    expect(html).toContain('<html lang="ar" dir="rtl"><head>');
    expect(text(html)).toContain('المدفوع');
    expect(html).toContain(`<p class="id">${receipt.id}</p>`);
    expect(html).toMatch(/aria-label="رمز QR للإيصال Receipt-/);
  });
});
