import { useState } from 'react';
import { useI18n } from '@/i18n/language-store';
import { checkoutText } from '../checkout.messages';
import { lastReceipt } from '../last-receipt';

/** After a reload of the thank-you page the receipt number must still be findable. */
export function LastReceiptNote() {
  const [receipt] = useState(lastReceipt);
  const { t } = useI18n();
  if (!receipt) return null;
  return (
    <p className="text-muted">
      {t(checkoutText.lastReceipt)}{' '}
      <span className="font-mono font-semibold text-ink">{receipt.id}</span>
    </p>
  );
}
