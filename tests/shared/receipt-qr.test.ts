import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { receiptQrPath } from '../../shared/receipt-qr';

describe('the receipt QR code path', () => {
  it('draws exactly the dark modules of the code, as unit squares inside its border', () => {
    const id = 'Receipt-1700000000123-42';
    const { modules, path } = receiptQrPath(id);
    const { data, size } = encode(id, { ecc: 'M', border: 2 });
    expect(modules).toBe(size);
    const squares = [...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => `${x},${y}`);
    expect(squares.length).toBeGreaterThan(0);
    expect(path).toBe(squares.map((xy) => `M${xy.replace(',', ' ')}h1v1h-1z`).join(''));
    const dark = data.flatMap((row, y) => row.flatMap((on, x) => (on ? [`${x},${y}`] : [])));
    expect(squares).toEqual(dark);
    for (const square of squares) {
      const [x, y] = square.split(',').map(Number);
      expect(Math.min(x!, y!)).toBeGreaterThanOrEqual(2);
      expect(Math.max(x!, y!)).toBeLessThan(modules - 2);
    }
  });
});
