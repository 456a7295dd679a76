/**
 * The receipt id as a QR code the counter scans, as one SVG path of unit squares: the
 * screen (src/features/checkout) and the slip main prints (electron/main/printing/receipt-slip.ts)
 * draw the same code, with no data: URL, canvas or script. The simulator writes the same
 * modules as a PNG (tools/simulator/qr-png.ts), so a code it prints scans as a kiosk's does.
 */
import { encode } from 'uqr';

export interface QrPath {
  /** Modules per side, border included: the viewBox is `0 0 modules modules`. */
  modules: number;
  /** The dark modules, as an SVG path. */
  path: string;
}

/** The receipt's QR as rows of modules (true: dark), border included. */
export function receiptQrModules(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 2 }).data;
}

export function receiptQrPath(receiptId: string): QrPath {
  const data = receiptQrModules(receiptId);
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { modules: data.length, path };
}
