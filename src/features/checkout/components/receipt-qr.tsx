import { receiptQrPath } from '@shared/receipt-qr';

/**
 * The receipt id as a QR code for the counter's scanner, drawn as one SVG path (no data:
 * URL, no canvas): crisp at any size and on paper, and nothing the CSP needs to allow.
 */
export function ReceiptQr({ receiptId, size }: { receiptId: string; size: number }) {
  const { modules, path } = receiptQrPath(receiptId);
  return (
    <svg
      role="img"
      aria-label={`QR code of receipt ${receiptId}`}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="shrink-0 bg-white"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
