/**
 * The receipt id as a QR code the counter scans, as one SVG path of unit squares: the
 * screen (src/features/checkout) and the slip main prints (electron/main/printing/receipt-slip.ts)
 * draw the same code, with no data: URL, canvas or script.
 */
import { encode } from 'uqr';

export interface QrPath {
  /** Modules per side, border included: the viewBox is `0 0 modules modules`. */
  modules: number;
  /** The dark modules, as an SVG path. */
  path: string;
}

export function receiptQrPath(receiptId: string): QrPath {
  const { data, size } = encode(receiptId, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { modules: size, path };
}
