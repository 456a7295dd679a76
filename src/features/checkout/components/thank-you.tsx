import { useEffect, useRef, type ReactNode } from 'react';
import { CheckIcon } from '@/components/ui/icons';
import { useI18n } from '@/i18n/language-store';
import { checkoutText } from '../checkout.messages';
import type { Receipt } from '../receipt';
import { useShowingReceipt } from '../receipt-on-screen';
import { CollectionNumberCard } from './collection-number-card';
import { PrintReceiptButton } from './print-receipt-button';
import { ReceiptCard } from './receipt-card';

/**
 * The thank-you state (spec texts) with the receipt the pickup counter scans or reads, and
 * in a kiosk the order's collection number above it, for the board at the counter.
 */
export function ThankYou({ receipt, children }: { receipt: Receipt; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useI18n();
  useShowingReceipt();
  // The confirm button has gone with the order: the focus goes to the news, not the page.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-8">
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-emerald-100 text-emerald-800">
          <CheckIcon width={34} height={34} />
        </span>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold sm:text-4xl">
          {t(checkoutText.thanks)}
        </h1>
        <p className="text-lg text-muted">{t(checkoutText.showReceipt)}</p>
      </div>
      <CollectionNumberCard number={receipt.collectionNumber} />
      <ReceiptCard receipt={receipt} />
      <div className="flex flex-col items-center gap-3">
        <PrintReceiptButton receipt={receipt} />
        {children}
      </div>
    </div>
  );
}
