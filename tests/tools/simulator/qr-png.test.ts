/**
 * The simulator's QR PNG holds exactly the modules the kiosk draws for the same text: read
 * back (inflated, row by row), every module's square is black where the kiosk's is dark,
 * inside a light margin.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { receiptQrModules } from '../../../shared/receipt-qr';
import { receiptQrPng } from '../../../tools/simulator/qr-png';

function readGreyPng(png: Buffer): { side: number; pixels: Buffer[] } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  const idat: Buffer[] = [];
  let side = 0;
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      side = data.readUInt32BE(0);
      expect(data.readUInt32BE(4)).toBe(side);
      expect([data[8], data[9]]).toEqual([8, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const pixels = Array.from({ length: side }, (_, y) => {
    const row = raw.subarray(y * (side + 1), (y + 1) * (side + 1));
    expect(row[0]).toBe(0);
    return row.subarray(1);
  });
  return { side, pixels };
}

describe('the receipt QR as a PNG', () => {
  it('draws each of the kiosk’s modules as a square of black or white pixels', () => {
    const text = 'KSR1.eyJyIjoiUmVjZWlwdC0xIn0.c2lnbmF0dXJl';
    const modules = receiptQrModules(text);
    const { side, pixels } = readGreyPng(receiptQrPng(text, 4));
    // Two light modules of margin around the kiosk's own border of two.
    expect(side).toBe((modules.length + 4) * 4);
    expect(pixels.slice(0, 8).every((row) => row.every((grey) => grey === 255))).toBe(true);
    modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        for (const [dy, dx] of [
          [0, 0],
          [3, 3],
          [1, 2],
        ] as const) {
          const pixel = pixels[(y + 2) * 4 + dy]?.[(x + 2) * 4 + dx];
          expect(pixel, `${x},${y}`).toBe(dark ? 0 : 255);
        }
      });
    });
  });
});
