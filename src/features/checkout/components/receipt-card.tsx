import { useI18n } from '@/i18n/language-store';
import { formatIssued, formatPrice } from '@/i18n/formats';
import { useCapabilities } from '@/platform/capabilities-context';
import { checkoutText } from '../checkout.messages';
import type { Receipt } from '../receipt';
import { useReceiptQrText } from '../use-receipt-qr-text';
import { ReceiptQr } from './receipt-qr';

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
  const { t, language } = useI18n();
  return (
    <section aria-labelledby="receipt-heading" className="receipt-card card overflow-hidden">
      <p className="receipt-print-only">{t(checkoutText.slipBrand)}</p>
      <div
        className={`flex flex-col items-center gap-6 p-6 sm:flex-row sm:items-center sm:justify-between ${withAmounts ? 'border-b border-slate-200' : ''}`}
      >
        <div className="min-w-0 text-center sm:text-start">
          <h2 id="receipt-heading" className="text-lg font-semibold text-muted">
            {t(checkoutText.yourReceipt)}
          </h2>
          <p className="mt-1 font-mono text-2xl font-bold break-words">{receipt.id}</p>
          <p className="mt-2 text-muted">{formatIssued(language, receipt.issuedAt)}</p>
        </div>
        <ReceiptQr text={qrText} receiptId={receipt.id} size={192} />
      </div>
      {withAmounts && <ReceiptAmounts receipt={receipt} />}
      <p className="receipt-print-only">{t(checkoutText.slipFooter)}</p>
    </section>
  );
}

/** The items, savings, tax and what was paid: the kiosk's receipt only. */
function ReceiptAmounts({ receipt }: { receipt: Receipt }) {
  const { t, language, dir } = useI18n();
  const money = (cents: number) => formatPrice(language, cents);
  // Amounts keep their own order in a page written right to left (see Money).
  const isolate = dir === 'rtl' ? ({ dir: 'ltr' } as const) : {};
  return (
    <>
      <ul
        aria-label={t(checkoutText.items)}
        data-receipt-items=""
        className="divide-y divide-slate-200 px-6"
      >
        {receipt.lines.map((line) => (
          <li
            key={line.productId}
            className="flex items-baseline justify-between gap-4 py-3 text-lg"
          >
            <span className="min-w-0">
              <span className="font-semibold tabular">
                {t(checkoutText.times, { quantity: line.quantity })}
              </span>{' '}
              <bdi>{line.title}</bdi>
            </span>
            <span className="font-semibold tabular" {...isolate}>
              {money(line.lineTotal)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="border-t border-slate-200 bg-tile px-6 py-4 text-lg">
        <div className="flex justify-between gap-4 py-1">
          <dt className="text-muted">{t(checkoutText.saved)}</dt>
          <dd className="tabular" {...isolate}>
            -{money(receipt.savings)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 py-1">
          <dt className="text-muted">{t(checkoutText.tax)}</dt>
          <dd className="tabular" {...isolate}>
            {money(receipt.tax)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 py-1">
          <dt className="text-muted">{t(checkoutText.storePickup)}</dt>
          <dd>{t(checkoutText.free)}</dd>
        </div>
        <div className="receipt-paid mt-2 flex justify-between gap-4 border-t border-slate-300 pt-3 text-2xl font-bold">
          <dt>{t(checkoutText.paid)}</dt>
          <dd className="tabular" {...isolate}>
            {money(receipt.total)}
          </dd>
        </div>
      </dl>
    </>
  );
}
