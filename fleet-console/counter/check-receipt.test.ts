import { webcrypto } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  SAMPLE_PREFIX,
  SAMPLE_SERIAL,
  signCertificateWith,
  signRevocationRecordWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import {
  SAMPLE_KIOSK_ID,
  SAMPLE_RECEIPT,
  signedReceiptCode,
} from '../../tests/support/fixtures/receipt';
import {
  checkReceipt,
  DAY_MS,
  FUTURE_TOLERANCE_MS,
  type CheckContext,
  type KeptCertificate,
} from './check-receipt';

const subtle = webcrypto.subtle as unknown as Ed25519Verifier<CryptoKey>;
const operator = makeEnrolmentKey();
const kiosk = makeReceiptKey();
const NOW = SAMPLE_RECEIPT.t + 60_000;
const code = (payload: unknown = SAMPLE_RECEIPT, key = kiosk.privateKey) =>
  signedReceiptCode(payload, key);

const enrolled = (
  publicKey = kiosk.publicText,
  serial = SAMPLE_SERIAL,
  overrides: object = {},
  signer = operator.privateKey,
): KeptCertificate => ({
  serial,
  envelope: signCertificateWith(
    certificateFields({ kioskId: SAMPLE_KIOSK_ID, publicKey, serial, ...overrides }),
    signer,
  ),
});

function context(
  certificates: KeptCertificate[] = [enrolled()],
  overrides: Partial<CheckContext> = {},
): CheckContext {
  return {
    prefix: SAMPLE_PREFIX,
    enrolmentKey: operator.publicText,
    certificatesFor: (id) => (id === SAMPLE_KIOSK_ID ? certificates : []),
    revocations: [],
    holdMs: 14 * DAY_MS,
    now: NOW,
    subtle,
    ...overrides,
  };
}

describe('checking a scanned receipt', () => {
  it('verifies a receipt signed under its kiosk’s certificate, and shows what it holds', async () => {
    const result = await checkReceipt(` ${code()}\n`, context());
    expect(result).toMatchObject({
      kind: 'verified',
      receipt: SAMPLE_RECEIPT,
      certificate: { serial: SAMPLE_SERIAL, store: 'Main street' },
    });
  });

  it('refuses a receipt signed with a key that only a status message named (a forged key)', async () => {
    const forger = makeReceiptKey();
    const forged = code({ ...SAMPLE_RECEIPT, i: [[1, 50]], c: 0 }, forger.privateKey);
    expect(await checkReceipt(forged, context())).toMatchObject({
      refusal: 'bad-signature',
      title: 'Receipt refused',
    });
  });

  it.each([
    ['no certificate at all', []],
    [
      'a certificate signed by another key',
      [enrolled(undefined, undefined, {}, makeEnrolmentKey().privateKey)],
    ],
    ['a certificate for another fleet', [enrolled(undefined, undefined, { fleet: 'other-shop' })]],
    [
      'a certificate for another kiosk',
      [enrolled(undefined, undefined, { kioskId: 'kiosk-other' })],
    ],
    ['a certificate kept under another serial', [{ ...enrolled(), serial: 'another-serial-0001' }]],
  ])('refuses a receipt of a kiosk with %s as not enrolled', async (_name, certificates) => {
    const result = await checkReceipt(code(), context(certificates));
    expect(result).toMatchObject({ refusal: 'not-enrolled', title: 'Kiosk not enrolled' });
    if (result.kind === 'refused') expect(result.reason).toContain(SAMPLE_KIOSK_ID);
  });

  it('refuses every receipt while no enrolment key is pinned', async () => {
    expect(await checkReceipt(code(), context(undefined, { enrolmentKey: '' }))).toMatchObject({
      refusal: 'no-enrolment-key',
    });
  });

  it('refuses a receipt under a revoked certificate, naming when and why', async () => {
    const record = signRevocationRecordWith(
      {
        kioskId: SAMPLE_KIOSK_ID,
        serial: SAMPLE_SERIAL,
        revokedAt: Date.UTC(2023, 10, 20, 9, 5),
        reason: 'kiosk stolen',
      },
      operator.privateKey,
    );
    const result = await checkReceipt(code(), context(undefined, { revocations: [record] }));
    expect(result).toMatchObject({ refusal: 'revoked', title: 'Certificate revoked' });
    if (result.kind === 'refused') {
      expect(result.reason).toContain('(kiosk stolen)');
      expect(result.reason).toMatch(/revoked on Nov 20, \d\d:\d\d/);
    }
    // Another kiosk's revocation of the same serial revokes nothing here.
    const elsewhere = signRevocationRecordWith(
      { kioskId: 'kiosk-other', serial: SAMPLE_SERIAL },
      operator.privateKey,
    );
    expect(
      await checkReceipt(code(), context(undefined, { revocations: [elsewhere] })),
    ).toMatchObject({ kind: 'verified' });
  });

  it('checks receipts of a reinstalled kiosk under its earlier certificate until that one is revoked', async () => {
    const reinstalled = makeReceiptKey();
    const both = [enrolled(), enrolled(reinstalled.publicText, 'second-serial-0002')];
    const older = code();
    const newer = code({ ...SAMPLE_RECEIPT, r: 'Receipt-1700000000500-7' }, reinstalled.privateKey);
    expect(await checkReceipt(older, context(both))).toMatchObject({
      kind: 'verified',
      certificate: { serial: SAMPLE_SERIAL },
    });
    expect(await checkReceipt(newer, context(both))).toMatchObject({
      kind: 'verified',
      certificate: { serial: 'second-serial-0002' },
    });
    const revoked = [
      signRevocationRecordWith(
        { kioskId: SAMPLE_KIOSK_ID, serial: SAMPLE_SERIAL, revokedAt: NOW },
        operator.privateKey,
      ),
    ];
    expect(await checkReceipt(older, context(both, { revocations: revoked }))).toMatchObject({
      refusal: 'revoked',
    });
    expect(await checkReceipt(newer, context(both, { revocations: revoked }))).toMatchObject({
      kind: 'verified',
    });
  });

  it('refuses a receipt older than the hold window, saying so', async () => {
    const holdMs = 14 * DAY_MS;
    expect(
      await checkReceipt(code(), context(undefined, { now: SAMPLE_RECEIPT.t + holdMs })),
    ).toMatchObject({
      kind: 'verified',
    });
    const result = await checkReceipt(
      code(),
      context(undefined, { now: SAMPLE_RECEIPT.t + holdMs + 1 }),
    );
    expect(result).toMatchObject({ refusal: 'too-old', title: 'Receipt too old' });
    if (result.kind === 'refused') expect(result.reason).toContain('14 days');
    // The window is the console's setting.
    expect(
      await checkReceipt(
        code(),
        context(undefined, { now: SAMPLE_RECEIPT.t + 2 * DAY_MS, holdMs: DAY_MS }),
      ),
    ).toMatchObject({ refusal: 'too-old' });
  });

  it('refuses a receipt dated more than five minutes ahead, saying so', async () => {
    const ahead = (ms: number) => context(undefined, { now: SAMPLE_RECEIPT.t - ms });
    expect(await checkReceipt(code(), ahead(FUTURE_TOLERANCE_MS))).toMatchObject({
      kind: 'verified',
    });
    const result = await checkReceipt(code(), ahead(FUTURE_TOLERANCE_MS + 1));
    expect(result).toMatchObject({ refusal: 'future', title: 'Receipt dated in the future' });
    if (result.kind === 'refused') expect(result.reason).toContain('5 minutes ahead');
  });

  it('refuses a tampered receipt: a changed total keeps the old signature', async () => {
    const [prefix, , signature] = code().split('.');
    const forged = Buffer.from(JSON.stringify({ ...SAMPLE_RECEIPT, c: 1 })).toString('base64url');
    expect(await checkReceipt(`${prefix}.${forged}.${signature}`, context())).toMatchObject({
      refusal: 'bad-signature',
    });
  });

  it.each([
    ['a plain receipt id', 'Receipt-1700000000000-42', /not enrolled yet/],
    ['anything else', 'hello', /not a kiosk receipt code/],
    ['a cut-off code', 'KSR1.eyJy', /damaged/],
    ['nothing', '   ', /Nothing was scanned/],
  ])('refuses %s as not a valid receipt', async (_name, text, reason) => {
    const result = await checkReceipt(text, context());
    expect(result).toMatchObject({ refusal: 'unreadable', title: 'Not a valid receipt' });
    if (result.kind === 'refused') expect(result.reason).toMatch(reason);
  });

  it('refuses a well-signed payload that breaks the receipt rules', async () => {
    expect(await checkReceipt(code({ ...SAMPLE_RECEIPT, c: -1 }), context())).toMatchObject({
      refusal: 'unreadable',
    });
  });

  it('reads random and mutated codes without throwing, and verifies only the one signed', async () => {
    const valid = code();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc
            .array(
              fc.tuple(
                fc.nat({ max: valid.length - 1 }),
                fc.string({ minLength: 1, maxLength: 1 }),
              ),
              {
                minLength: 1,
                maxLength: 3,
              },
            )
            .map((changes) => {
              // The code is ASCII: one character per index.
              const chars = valid.split('');
              for (const [index, char] of changes) chars[index] = char;
              return chars.join('');
            }),
        ),
        async (text) => {
          const result = await checkReceipt(text, context());
          if (result.kind === 'verified') expect(result.receipt).toEqual(SAMPLE_RECEIPT);
        },
      ),
      { numRuns: 300 },
    );
  });
});
