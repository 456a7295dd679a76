import { formatMoney } from '@web-shared/lib/money';
import { useCapabilities } from '@/platform/capabilities-context';
import type { Receipt } from '../receipt';
import { useReceiptQrText } from '../use-receipt-qr-text';
import { ReceiptQr } from './receipt-qr';

/**
 * Made on the first receipt, never when this chunk loads: the shop downloads and runs the
 * checkout chunk while idle on every first visit, and the page's first Intl formatter loads
 * the locale's data (about 70 ms of main thread on a slow 2-core machine, the longest task
 * after a cold /products had painted, which mobile Lighthouse counted as blocking time).
 */
let issuedFormat: Intl.DateTimeFormat | undefined;

export function formatIssued(receipt: Receipt): string {
  issuedFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return issuedFormat.format(new Date(receipt.issuedAt));
}

/**
 * The receipt, large enough to be read and scanned across the counter. It is also the
 * printed slip: the print stylesheet hides everything else and lays this out for a 58 or
 * 80 mm receipt roll (see `.receipt-card` in styles.css).
 *
 * Its amounts (the items and what was saved, taxed and paid) are the kiosk's: spec §2
 * hides the totals after confirming, so the web build shows the id and its QR alone.
 */
export function ReceiptCard({ receipt }: { receipt: Receipt }) {
  const qrText = useReceiptQrText(receipt);
  const withAmounts = useCapabilities().target === 'kiosk';
  return (
    <section aria-labelledby="receipt-heading" className="receipt-card card overflow-hidden">
      <p className="receipt-print-only">Kiosk Shop · store pickup receipt</p>
      <div
        className={`flex flex-col items-center gap-6 p-6 sm:flex-row sm:items-center sm:justify-between ${withAmounts ? 'border-b border-slate-200' : ''}`}
      >
        <div className="min-w-0 text-center sm:text-left">
          <h2 id="receipt-heading" className="text-lg font-semibold text-muted">
            Your receipt
          </h2>
          <p className="mt-1 font-mono text-2xl font-bold break-words">{receipt.id}</p>
          <p className="mt-2 text-muted">{formatIssued(receipt)}</p>
        </div>
        <ReceiptQr text={qrText} receiptId={receipt.id} size={192} />
      </div>
      {withAmounts && <ReceiptAmounts receipt={receipt} />}
      <p className="receipt-print-only">Show this slip at the pickup counter.</p>
    </section>
  );
}

/** The items, savings, tax and what was paid: the kiosk's receipt only. */
function ReceiptAmounts({ receipt }: { receipt: Receipt }) {
  return (
    <>
      <ul aria-label="Items" className="divide-y divide-slate-200 px-6">
        {receipt.lines.map((line) => (
          <li
            key={line.productId}
            className="flex items-baseline justify-between gap-4 py-3 text-lg"
          >
            <span className="min-w-0">
              <span className="font-semibold tabular">{line.quantity} ×</span> {line.title}
            </span>
            <span className="font-semibold tabular">{formatMoney(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="border-t border-slate-200 bg-tile px-6 py-4 text-lg">
        <div className="flex justify-between gap-4 py-1">
          <dt className="text-muted">You saved</dt>
          <dd className="tabular">-{formatMoney(receipt.savings)}</dd>
        </div>
        <div className="flex justify-between gap-4 py-1">
          <dt className="text-muted">Tax (20%)</dt>
          <dd className="tabular">{formatMoney(receipt.tax)}</dd>
        </div>
        <div className="flex justify-between gap-4 py-1">
          <dt className="text-muted">Store pickup</dt>
          <dd>FREE</dd>
        </div>
        <div className="receipt-paid mt-2 flex justify-between gap-4 border-t border-slate-300 pt-3 text-2xl font-bold">
          <dt>Paid</dt>
          <dd className="tabular">{formatMoney(receipt.total)}</dd>
        </div>
      </dl>
    </>
  );
}
