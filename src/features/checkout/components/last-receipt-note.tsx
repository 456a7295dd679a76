import { useState } from 'react';
import { lastReceipt } from '../last-receipt';

/** After a reload of the thank-you page the receipt number must still be findable. */
export function LastReceiptNote() {
  const [receipt] = useState(lastReceipt);
  if (!receipt) return null;
  return (
    <p className="text-muted">
      Your last receipt: <span className="font-mono font-semibold text-ink">{receipt.id}</span>
    </p>
  );
}
