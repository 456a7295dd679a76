import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAIRING_CODE_PATTERN,
  pairingCode,
  pairingCodeFromDigest,
  pairingCodeInput,
} from '../../../../shared/fleet/trust/pairing-code';
import { makeReceiptKey } from '../../../support/fixtures/kiosk-certificate';

const sha256 = (bytes: Uint8Array) => Promise.resolve(createHash('sha256').update(bytes).digest());

describe('the pairing code', () => {
  it('is four groups of four digits, the same for the same key', async () => {
    const key = makeReceiptKey().publicText;
    const code = await pairingCode(key, sha256);
    expect(code).toMatch(PAIRING_CODE_PATTERN);
    expect(await pairingCode(key, sha256)).toBe(code);
  });

  it('differs for another key', async () => {
    const codes = new Set<string | null>();
    for (let n = 0; n < 50; n += 1)
      codes.add(await pairingCode(makeReceiptKey().publicText, sha256));
    expect(codes.size).toBe(50);
  });

  it('takes three bytes of the digest per group', () => {
    const digest = new Uint8Array(32);
    digest.set([0x00, 0x27, 0x0f, 0xff, 0xff, 0xff, 0, 0, 1, 0x01, 0x86, 0xa0]);
    expect(pairingCodeFromDigest(digest)).toBe('9999 7215 0001 0000');
  });

  it('is null for anything but a raw public key', async () => {
    expect(pairingCodeInput('short')).toBeNull();
    expect(await pairingCode('A'.repeat(44), sha256)).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const input = pairingCodeInput(text);
        if (input !== null) expect(input.length).toBeGreaterThan(32);
      }),
    );
  });
});
