import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT_COST,
  hashStaffPin,
  parseStaffPinHash,
  verifyStaffPin,
} from '../../../electron/main/staff-pin-hash';

describe('the staff PIN hash', () => {
  it('verifies the PIN it was made from, and no other', async () => {
    const hash = await hashStaffPin('482913');
    expect(hash).toMatch(/^scrypt:32768:8:1:[\w-]{22}:[\w-]{43}$/);
    expect(hash).not.toContain('482913');
    await expect(verifyStaffPin('482913', hash)).resolves.toBe(true);
    await expect(verifyStaffPin('482914', hash)).resolves.toBe(false);
    await expect(verifyStaffPin('', hash)).resolves.toBe(false);
  });

  it('is salted: the same PIN hashes differently each time', async () => {
    const [a, b] = await Promise.all([hashStaffPin('2468'), hashStaffPin('2468')]);
    expect(a).not.toBe(b);
  });

  it('is deterministic for a given salt and cost', async () => {
    const salt = Buffer.alloc(16, 7);
    const hash = await hashStaffPin('2468', DEFAULT_SCRYPT_COST, salt);
    expect(await hashStaffPin('2468', DEFAULT_SCRYPT_COST, salt)).toBe(hash);
  });

  it('refuses to hash anything but 4 to 12 digits', async () => {
    await expect(hashStaffPin('123')).rejects.toThrow(/4 to 12 digits/);
    await expect(hashStaffPin('12ab')).rejects.toThrow(/4 to 12 digits/);
  });

  it('rejects malformed hashes and costs too cheap or too dear', async () => {
    const good = await hashStaffPin('2468');
    const [, , r, p, salt, key] = good.split(':');
    expect(parseStaffPinHash(good)).not.toBeNull();
    for (const bad of [
      '',
      '2468',
      good.replace('scrypt', 'bcrypt'),
      ['scrypt', 1024, r, p, salt, key].join(':'),
      ['scrypt', 2 ** 21, r, p, salt, key].join(':'),
      ['scrypt', 30000, r, p, salt, key].join(':'),
      ['scrypt', 32768, r, p, 'c2hvcnQ', key].join(':'),
      ['scrypt', 32768, r, p, salt, 'c2hvcnQ'].join(':'),
      ['scrypt', 32768, r, p, salt, `${key}!`].join(':'),
      `${good}:extra`,
    ]) {
      expect(parseStaffPinHash(bad), bad).toBeNull();
      await expect(verifyStaffPin('2468', bad)).resolves.toBe(false);
    }
  });
});
