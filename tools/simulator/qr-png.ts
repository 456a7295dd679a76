/**
 * A QR code as a PNG file, written with node:zlib alone: the modules the kiosk draws on its
 * receipt (shared/receipt-qr.ts), each a square of `scale` pixels, black on white, 8-bit
 * greyscale. Enough for a phone or a USB scanner to read the simulator's receipt off a
 * screen, with no image library.
 */
import { crc32, deflateSync } from 'node:zlib';
import { receiptQrModules } from '../../shared/receipt-qr';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** Rows of modules (true: dark) as a PNG, `scale` pixels a module. */
export function modulesPng(modules: readonly (readonly boolean[])[], scale = 8): Buffer {
  const side = modules.length * scale;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // greyscale
  // compression, filter and interlace: the only method each, none, none
  const row = Buffer.alloc(1 + side);
  const rows: Buffer[] = [];
  for (const line of modules) {
    row.fill(0xff);
    row[0] = 0; // no filter
    line.forEach((dark, x) => {
      if (dark) row.fill(0, 1 + x * scale, 1 + (x + 1) * scale);
    });
    for (let repeat = 0; repeat < scale; repeat += 1) rows.push(Buffer.from(row));
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Modules with `margin` light modules added on every side. */
function withMargin(modules: readonly (readonly boolean[])[], margin: number): boolean[][] {
  const side = modules.length + 2 * margin;
  const light = (): boolean[] => Array.from({ length: side }, () => false);
  const pad = Array.from({ length: margin }, () => false);
  return [
    ...Array.from({ length: margin }, light),
    ...modules.map((row) => [...pad, ...row, ...pad]),
    ...Array.from({ length: margin }, light),
  ];
}

/**
 * The receipt's QR, as the kiosk draws it, as a PNG: two more light modules on each side
 * than the printed slip has, so the quiet zone is the standard's four on a screen, whatever
 * is around the image.
 */
export function receiptQrPng(text: string, scale = 8): Buffer {
  return modulesPng(withMargin(receiptQrModules(text), 2), scale);
}
