import { describe, expect, it } from 'vitest';
import { createReceiptId } from './receipt';

describe('receipt id', () => {
  it('is Receipt-{ms}-{0..999}', () => {
    expect(createReceiptId(1700000000123, 42)).toBe('Receipt-1700000000123-42');
    for (let i = 0; i < 200; i += 1) {
      const match = /^Receipt-(\d+)-(\d+)$/.exec(createReceiptId());
      expect(match).not.toBeNull();
      expect(Number(match?.[2])).toBeGreaterThanOrEqual(0);
      expect(Number(match?.[2])).toBeLessThanOrEqual(999);
    }
  });
});
