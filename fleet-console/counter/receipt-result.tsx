import type { ReactNode } from 'react';
import { Money } from '@web-shared/ui/money';
import { formatCount } from '@web-shared/lib/count';
import type { ReceiptPayload } from '@shared/fleet/receipt-code';
import { formatClock } from '../lib/format';
import type { Titles } from './catalogue-titles';

/** What a check found, by the shop service or (while it cannot be reached) this counter. */
export type ReceiptVerdict =
  | { kind: 'verified'; receipt: ReceiptPayload; store: string }
  | { kind: 'refused'; title: string; reason: string };

interface ReceiptResultProps {
  result: ReceiptVerdict;
  /** Why this counter checked the code itself (the service could not be reached); null: the service did. */
  checkedHere: string | null;
  titles: Titles;
  /** The handover panel of a verified receipt. */
  handover: ReactNode;
}

function CheckedHere({ why }: { why: string | null }) {
  if (why === null) return null;
  return (
    <p className="mt-2 text-sm text-muted">
      Checked on this counter, with its own copy of the certificates and revocations: {why}.
    </p>
  );
}

function titleOf(titles: Titles, productId: number): string {
  if (titles.status !== 'ready') return `Product ${productId}`;
  return titles.titles.get(productId) ?? `Product ${productId} (not in the catalogue)`;
}

export function ReceiptResult({ result, checkedHere, titles, handover }: ReceiptResultProps) {
  if (result.kind === 'refused') {
    return (
      <div role="alert" className="rounded-2xl border border-sale-700/30 bg-sale-50 p-5">
        <p className="text-lg font-bold text-sale-700">{result.title}</p>
        <p className="mt-1 text-ink">{result.reason}</p>
        <p className="mt-2 text-sm text-muted">Do not hand over any goods for this code.</p>
        <CheckedHere why={checkedHere} />
      </div>
    );
  }
  const { receipt, store } = result;
  const pieces = receipt.i.reduce((sum, [, quantity]) => sum + quantity, 0);
  return (
    <article aria-labelledby="receipt-title" className="card overflow-hidden">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 p-5">
        <div className="min-w-0">
          <p className="inline-flex items-center rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-700/30">
            Signature verified
          </p>
          <h2 id="receipt-title" className="mt-2 text-xl font-bold break-all">
            {receipt.r}
          </h2>
          <p className="text-sm text-muted">
            Kiosk <span className="font-mono">{receipt.k}</span> · {store} ·{' '}
            {formatClock(receipt.t)}
          </p>
          <CheckedHere why={checkedHere} />
        </div>
      </div>
      {titles.status === 'failed' && (
        <p className="bg-slate-50 px-5 py-2 text-sm text-muted">
          Product titles are unavailable ({titles.problem}); products are shown by number.
        </p>
      )}
      <ul className="divide-y divide-slate-100 px-5" aria-label="Items">
        {receipt.i.map(([productId, quantity], index) => (
          <li
            key={`${productId}-${index}`}
            className="flex items-baseline justify-between gap-4 py-2.5"
          >
            <span>{titleOf(titles, productId)}</span>
            <span className="shrink-0 font-semibold tabular">× {formatCount(quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="flex items-baseline justify-between gap-4 border-t border-slate-200 px-5 py-3">
        <dt className="font-semibold">
          Total paid <span className="font-normal text-muted">({formatCount(pieces)} items)</span>
        </dt>
        <dd className="text-xl font-bold">
          <Money cents={receipt.c} />
        </dd>
      </dl>
      <div className="border-t border-slate-200 bg-slate-50 px-5 py-4">{handover}</div>
    </article>
  );
}
