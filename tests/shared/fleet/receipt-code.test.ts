import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { receiptPayloadSchema } from '../../../shared/fleet/payloads';
import {
  decodeReceiptCode,
  kioskIdOfReceiptCode,
  parseReceiptPayload,
  parseReceiptSignRequest,
  RECEIPT_CODE_PREFIX,
  RECEIPT_LIMITS,
  receiptPayloadJson,
  verifyReceiptCode,
  type ReceiptPayload,
} from '../../../shared/fleet/receipt-code';
import { makeKeyPair } from '../../support/fleet-keys';
import { SAMPLE_RECEIPT, signedReceiptCode } from '../../support/fixtures/receipt';

const PAYLOAD: ReceiptPayload = SAMPLE_RECEIPT;

const subtle = globalThis.crypto.subtle;
const keys = makeKeyPair();

/** Signs as the kiosk's main process does: node:crypto over the payload JSON bytes. */
const codeFor = (payload: unknown, key = keys.privateKey): string =>
  signedReceiptCode(payload, key);

describe('signed receipt codes', () => {
  it('are KSR1.<payload>.<signature>, checked with WebCrypto against node:crypto signatures', async () => {
    const code = codeFor(PAYLOAD);
    expect(code.startsWith(RECEIPT_CODE_PREFIX)).toBe(true);
    expect(code).toMatch(/^KSR1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
    expect(kioskIdOfReceiptCode(code)).toBe('kiosk-0123456789ab');
    await expect(verifyReceiptCode(code, keys.publicText, subtle)).resolves.toEqual({
      ok: true,
      payload: PAYLOAD,
    });
    // A barcode scanner may end the text with a newline.
    await expect(verifyReceiptCode(`${code}\n`, keys.publicText, subtle)).resolves.toMatchObject({
      ok: true,
    });
  });

  it('writes the payload fields in a fixed order', () => {
    const scrambled: ReceiptPayload = { c: 1, i: [[1, 1]], t: 5, k: 'k', r: 'R' };
    expect(receiptPayloadJson(scrambled)).toBe('{"r":"R","k":"k","t":5,"i":[[1,1]],"c":1}');
  });

  it('refuses a code whose payload was changed after signing', async () => {
    const code = codeFor(PAYLOAD);
    const [, , signature] = code.split('.');
    const forged = { ...PAYLOAD, c: 1 };
    const tampered = `${RECEIPT_CODE_PREFIX}${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    await expect(verifyReceiptCode(tampered, keys.publicText, subtle)).resolves.toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });

  it('refuses a code signed by another kiosk’s key', async () => {
    const other = makeKeyPair();
    await expect(
      verifyReceiptCode(codeFor(PAYLOAD, other.privateKey), keys.publicText, subtle),
    ).resolves.toEqual({ ok: false, reason: 'bad signature' });
  });

  it('refuses a public key that is not 32 raw bytes', async () => {
    await expect(verifyReceiptCode(codeFor(PAYLOAD), 'abc', subtle)).resolves.toEqual({
      ok: false,
      reason: 'bad key',
    });
  });

  it.each([
    ['the plain receipt id', 'Receipt-1700000000000-42'],
    ['another prefix', codeFor(PAYLOAD).replace('KSR1.', 'KSR2.')],
    ['a missing signature', codeFor(PAYLOAD).split('.').slice(0, 2).join('.')],
    ['a short signature', codeFor(PAYLOAD).slice(0, -4)],
    ['an extra part', `${codeFor(PAYLOAD)}.AA`],
    [
      'a payload that is not JSON',
      `KSR1.${Buffer.from('{').toString('base64url')}.${'A'.repeat(86)}`,
    ],
    ['a payload with a name in it', codeFor({ ...PAYLOAD, name: 'Ann' })],
    ['a payload with no items', codeFor({ ...PAYLOAD, i: [] })],
  ])('refuses %s as malformed', async (_name, code) => {
    expect(decodeReceiptCode(code)).toBeNull();
    await expect(verifyReceiptCode(code, keys.publicText, subtle)).resolves.toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('keeps a sign request to its four fields and bounds', () => {
    const { k: _kiosk, ...request } = PAYLOAD;
    expect(parseReceiptSignRequest(request)).toEqual(request);
    expect(parseReceiptSignRequest({ ...request, k: 'other' })).toBeNull();
    expect(parseReceiptSignRequest({ ...request, r: 'Receipt-1-1000' })).toBeNull();
    expect(parseReceiptSignRequest({ ...request, c: -1 })).toBeNull();
    expect(parseReceiptSignRequest({ ...request, c: 1.5 })).toBeNull();
    expect(parseReceiptSignRequest({ ...request, i: [[3, 0]] })).toBeNull();
    expect(
      parseReceiptSignRequest({ ...request, i: [[3, RECEIPT_LIMITS.maxQuantity + 1]] }),
    ).toBeNull();
    expect(
      parseReceiptSignRequest({
        ...request,
        i: [
          [3, 1],
          [3, 2],
        ],
      }),
    ).toBeNull();
    expect(parseReceiptSignRequest({ ...request, i: [[3, 1, 0]] })).toBeNull();
    const many = Array.from({ length: RECEIPT_LIMITS.maxItems + 1 }, (_, n) => [n + 1, 1]);
    expect(parseReceiptSignRequest({ ...request, i: many })).toBeNull();
    expect(parseReceiptSignRequest(null)).toBeNull();
    expect(parseReceiptSignRequest([request])).toBeNull();
  });

  it('agrees with the zod schema in payloads.ts on every payload', () => {
    const nearPayload = fc.record(
      {
        r: fc.oneof(fc.constant(PAYLOAD.r), fc.string(), fc.constant('Receipt-1-1000')),
        k: fc.oneof(fc.constant(PAYLOAD.k), fc.constant('all'), fc.string({ maxLength: 3 })),
        t: fc.oneof(fc.integer(), fc.double(), fc.constant(0)),
        i: fc.array(
          fc.oneof(
            fc.tuple(fc.integer({ min: -1, max: 4 }), fc.integer({ min: -1, max: 10_001 })),
            fc.array(fc.nat({ max: 3 }), { maxLength: 3 }),
          ),
          { maxLength: 4 },
        ),
        c: fc.oneof(fc.integer(), fc.double(), fc.constant(RECEIPT_LIMITS.maxTotalCents + 1)),
        extra: fc.string(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(nearPayload, (value) => {
        expect(parseReceiptPayload(value) !== null).toBe(
          receiptPayloadSchema.safeParse(value).success,
        );
      }),
      { numRuns: 2000 },
    );
    const validPayload = fc.record({
      r: fc.tuple(fc.nat(), fc.nat({ max: 999 })).map(([ms, n]) => `Receipt-${ms}-${n}`),
      k: fc.stringMatching(/^kiosk-[a-z0-9]{12}$/),
      t: fc.integer({ min: 1, max: 8.64e15 }),
      i: fc
        .uniqueArray(fc.integer({ min: 1, max: RECEIPT_LIMITS.maxProductId }), {
          minLength: 1,
          maxLength: RECEIPT_LIMITS.maxItems,
        })
        .chain((ids) =>
          fc.tuple(
            ...ids.map((id) =>
              fc.tuple(fc.constant(id), fc.integer({ min: 1, max: RECEIPT_LIMITS.maxQuantity })),
            ),
          ),
        ),
      c: fc.integer({ min: 0, max: RECEIPT_LIMITS.maxTotalCents }),
    });
    fc.assert(
      fc.property(validPayload, (value) => {
        expect(parseReceiptPayload(value)).toEqual(value);
        expect(receiptPayloadSchema.safeParse(value).success).toBe(true);
      }),
    );
  });
});
