import { describe, expect, it } from 'vitest';
import { newTokenId } from '../../../../services/shop/staff/tokens';

describe('a token’s id', () => {
  it('is 16 base64url characters, never starting with "-", and never the same twice', () => {
    // One id in 64 would start with '-' were it not refused: 2,000 make a miss unlikely.
    const ids = Array.from({ length: 2000 }, newTokenId);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{15}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
