import { useState } from 'react';
import { useI18n } from '@/i18n/language-store';
import { checkoutText } from '../checkout.messages';
import { lastReceipt } from '../last-receipt';

/**
 * After a reload of the thank-you page the receipt number must still be findable, and in a
 * kiosk the collection number the board will show.
 */
export function LastReceiptNote() {
  const [receipt] = useState(lastReceipt);
  const { t } = useI18n();
  if (!receipt) return null;
  return (
    <p className="text-muted">
      {t(checkoutText.lastReceipt)}{' '}
      <span className="font-mono font-semibold text-ink">{receipt.id}</span>
      {receipt.collectionNumber !== undefined && (
        <span className="mt-1 block text-2xl font-bold text-ink">
          {t(checkoutText.lastCollection, { number: receipt.collectionNumber })}
        </span>
      )}
    </p>
  );
}
