import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParameters } from '../../tests/support/fixtures/hostile-payloads';
import { hostileJson } from '../test/hostile-json';
import { forgetToken, keepToken, loadToken, TOKEN_STORAGE_KEY, tokenFor } from './service-token';

const TOKEN = `kst1.${'a'.repeat(16)}.${'b'.repeat(43)}`;

describe('a device token kept in this browser', () => {
  it('is kept for the one service it was given for', () => {
    expect(keepToken('http://shop:8470', TOKEN)).toBe(true);
    expect(loadToken('http://shop:8470')).toBe(TOKEN);
    expect(loadToken('')).toBeNull();
    expect(loadToken('http://elsewhere:8470')).toBeNull();
    forgetToken();
    expect(loadToken('http://shop:8470')).toBeNull();
  });

  it('is read back strictly: anything but a token for this service is none', () => {
    for (const kept of [
      { base: '', token: `${TOKEN} ` },
      { base: '', token: 'kst1.short.token' },
      { base: '', token: 42 },
      [''],
      null,
      'kst1',
    ]) {
      expect(tokenFor(kept, ''), JSON.stringify(kept)).toBeNull();
    }
    localStorage.setItem(TOKEN_STORAGE_KEY, '{"base":');
    expect(loadToken('')).toBeNull();
  });

  it('reads random and mutated storage without throwing, and yields only a well-formed token', () => {
    fc.assert(
      fc.property(hostileJson([{ base: '', token: TOKEN }]), (kept) => {
        const token = tokenFor(kept, '');
        if (token !== null) expect(token).toMatch(/^kst1\.[\w-]{16}\.[\w-]{43}$/);
      }),
      fuzzParameters(300),
    );
  }, 30_000);
});
