import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT_COST,
  hashStaffPin,
  parseStaffPinHash,
  verifyStaffPin,
} from '../../../../electron/main/staff-exit/staff-pin-hash';

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
    const [a, b] = await Promise.all([hashStaffPin('246813'), hashStaffPin('246813')]);
    expect(a).not.toBe(b);
  });

  it('is deterministic for a given salt and cost', async () => {
    const salt = Buffer.alloc(16, 7);
    const hash = await hashStaffPin('246813', DEFAULT_SCRYPT_COST, salt);
    expect(await hashStaffPin('246813', DEFAULT_SCRYPT_COST, salt)).toBe(hash);
  });

  it('refuses to hash anything but 6 to 12 digits', async () => {
    for (const pin of [
      '2468',
      '24681',
      '123',
      '12ab56',
      '1234567890123',
      '２４６８１３',
      ' 246813',
    ]) {
      await expect(hashStaffPin(pin), pin).rejects.toThrow(/6 to 12 digits/);
    }
    await expect(hashStaffPin('246813')).resolves.toMatch(/^scrypt:/);
    await expect(hashStaffPin('123456789012')).resolves.toMatch(/^scrypt:/);
  });

  it('never lets a PIN of fewer than 6 digits through, even against a hash made of one', async () => {
    // A hash of '2468' as the script printed it before PINs had 6 digits or more.
    const salt = Buffer.alloc(16, 3);
    const key = scryptSync('2468', salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 2 ** 26 });
    const oldHash = ['scrypt', 32768, 8, 1, salt.toString('base64url'), key.toString('base64url')];
    expect(parseStaffPinHash(oldHash.join(':'))).not.toBeNull();
    await expect(verifyStaffPin('2468', oldHash.join(':'))).resolves.toBe(false);
  });

  it('rejects malformed hashes and costs too cheap or too dear', async () => {
    const good = await hashStaffPin('246813');
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
      await expect(verifyStaffPin('246813', bad)).resolves.toBe(false);
    }
  });
});
