import { describe, expect, it } from 'vitest';
import {
  COLLECTED_STORAGE_KEY,
  loadCollected,
  markCollected,
  MAX_COLLECTED,
  parseCollected,
  receiptKey,
  saveCollected,
} from './collected-receipts';

describe('collected receipts', () => {
  it('are keyed by kiosk and receipt id, and kept in localStorage', () => {
    const key = receiptKey('k1', 'Receipt-1-1');
    expect(saveCollected(markCollected({}, key, 5))).toBe(true);
    expect(loadCollected()).toEqual({ 'k1/Receipt-1-1': 5 });
    expect(receiptKey('k2', 'Receipt-1-1')).not.toBe(key);
  });

  it('forget the oldest past the bound', () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_COLLECTED }, (_, i) => [`k/${i}`, i + 10]),
    );
    const next = markCollected(many, 'k/new', 1e9);
    expect(Object.keys(next)).toHaveLength(MAX_COLLECTED);
    expect(next['k/new']).toBe(1e9);
    expect(next['k/0']).toBeUndefined();
  });

  it('read a corrupt store as empty, keeping the good entries', () => {
    localStorage.setItem(COLLECTED_STORAGE_KEY, '{not json');
    expect(loadCollected()).toEqual({});
    expect(parseCollected({ a: 1, b: 'x', c: null })).toEqual({ a: 1 });
  });
});
