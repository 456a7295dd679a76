import { receiptQrPath } from '@shared/receipt-qr';
import { useI18n } from '@/i18n/language-store';
import { checkoutText } from '../checkout.messages';

/** Below this many pixels per module a screen's QR stops scanning reliably. */
const MIN_MODULE_PX = 3;

/**
 * The receipt's QR code the counter scans, drawn as one SVG path (no data: URL, no
 * canvas): crisp at any size and on paper, and nothing the CSP needs to allow. It encodes
 * `text`: the receipt id, or a kiosk's signed code for it (longer, so it may draw larger).
 */
export function ReceiptQr({
  text,
  receiptId,
  size,
}: {
  text: string;
  receiptId: string;
  size: number;
}) {
  const { modules, path } = receiptQrPath(text);
  const { t } = useI18n();
  const drawn = Math.max(size, modules * MIN_MODULE_PX);
  return (
    <svg
      role="img"
      aria-label={t(checkoutText.qrCode, { id: receiptId })}
      width={drawn}
      height={drawn}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="h-auto max-w-full shrink-0 bg-white"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
