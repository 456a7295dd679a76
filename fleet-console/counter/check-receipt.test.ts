import { generateKeyPairSync, webcrypto, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import {
  SAMPLE_KIOSK_ID,
  SAMPLE_RECEIPT,
  signedReceiptCode,
} from '../../tests/support/fixtures/receipt';
import { checkReceipt, type CheckContext } from './check-receipt';

function keyPair(): { privateKey: KeyObject; publicText: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const { x } = publicKey.export({ format: 'jwk' });
  return { privateKey, publicText: String(x) };
}

const PAYLOAD = SAMPLE_RECEIPT;
const code = signedReceiptCode;

const kiosk = keyPair();
const subtle = webcrypto.subtle as unknown as Ed25519Verifier<CryptoKey>;

function context(
  keys: Record<string, string[]>,
  collected: Record<string, number> = {},
): CheckContext {
  return {
    keysFor: (id) => keys[id] ?? [],
    collectedAt: (id, receipt) => collected[`${id}/${receipt}`] ?? null,
    subtle,
  };
}

describe('checking a scanned receipt', () => {
  it('verifies a receipt signed by the kiosk it names, and shows what it holds', async () => {
    const result = await checkReceipt(
      ` ${code(PAYLOAD, kiosk.privateKey)}\n`,
      context({ [SAMPLE_KIOSK_ID]: [kiosk.publicText] }),
    );
    expect(result).toEqual({ kind: 'verified', receipt: PAYLOAD, collectedAt: null });
  });

  it('says when it was already collected', async () => {
    const result = await checkReceipt(
      code(PAYLOAD, kiosk.privateKey),
      context(
        { [SAMPLE_KIOSK_ID]: [kiosk.publicText] },
        { [`${SAMPLE_KIOSK_ID}/Receipt-1700000000000-42`]: 99 },
      ),
    );
    expect(result).toMatchObject({ kind: 'verified', collectedAt: 99 });
  });

  it('tries every key it knows for the kiosk (a reinstalled kiosk has a new one)', async () => {
    const newer = keyPair();
    const result = await checkReceipt(
      code(PAYLOAD, kiosk.privateKey),
      context({ [SAMPLE_KIOSK_ID]: [newer.publicText, kiosk.publicText] }),
    );
    expect(result.kind).toBe('verified');
  });

  it('refuses a tampered receipt: a changed total keeps the old signature', async () => {
    const [prefix, , signature] = code(PAYLOAD, kiosk.privateKey).split('.');
    const forged = Buffer.from(JSON.stringify({ ...PAYLOAD, c: 1 })).toString('base64url');
    const result = await checkReceipt(
      `${prefix}.${forged}.${signature}`,
      context({ [SAMPLE_KIOSK_ID]: [kiosk.publicText] }),
    );
    expect(result).toMatchObject({ kind: 'refused', title: 'Receipt refused' });
  });

  it('refuses a receipt signed by another key than the kiosk’s', async () => {
    const other = keyPair();
    const result = await checkReceipt(
      code(PAYLOAD, other.privateKey),
      context({ [SAMPLE_KIOSK_ID]: [kiosk.publicText] }),
    );
    expect(result).toMatchObject({ kind: 'refused', title: 'Receipt refused' });
  });

  it('refuses a receipt of a kiosk it does not know', async () => {
    const result = await checkReceipt(code(PAYLOAD, kiosk.privateKey), context({}));
    expect(result).toMatchObject({ kind: 'refused', title: 'Unknown kiosk' });
  });

  it.each([
    ['a plain receipt id', 'Receipt-1700000000000-42', /plain receipt id/],
    ['anything else', 'hello', /not a kiosk receipt code/],
    ['a cut-off code', 'KSR1.eyJy', /damaged/],
    ['nothing', '   ', /Nothing was scanned/],
  ])('refuses %s as not a valid receipt', async (_name, text, reason) => {
    const result = await checkReceipt(text, context({ [SAMPLE_KIOSK_ID]: [kiosk.publicText] }));
    expect(result).toMatchObject({ kind: 'refused', title: 'Not a valid receipt' });
    if (result.kind === 'refused') expect(result.reason).toMatch(reason);
  });

  it('refuses a well-signed payload that breaks the receipt rules', async () => {
    const result = await checkReceipt(
      code({ ...PAYLOAD, c: -1 }, kiosk.privateKey),
      context({ [SAMPLE_KIOSK_ID]: [kiosk.publicText] }),
    );
    expect(result).toMatchObject({ kind: 'refused', title: 'Not a valid receipt' });
  });
});
