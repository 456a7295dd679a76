// @vitest-environment node
/**
 * The readers of the shop service's answers: each takes what the service gives, and refuses
 * anything else, whatever it is (random, mutated from a real answer, hostile JSON), without
 * throwing. What a reader lets through always holds to its schema, so nothing unchecked
 * reaches the counter.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  signCertificateWith,
  signRevocationRecordWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import { fuzzParameters } from '../../tests/support/fixtures/hostile-payloads';
import { hostileJson } from '../test/hostile-json';
import {
  sampleCheck,
  sampleConflict,
  sampleHandover,
  sampleRefusal,
  sampleStaff,
} from '../test/service-samples';
import {
  alreadyCollectedAnswerSchema,
  certificatesAnswerSchema,
  checkAnswerSchema,
  conflictsAnswerSchema,
  handedOverAnswerSchema,
  handoversAnswerSchema,
  lockedAnswerSchema,
  meAnswerSchema,
  offlineAnswerSchema,
  readAnswer,
  refusalAnswerSchema,
  revocationsAnswerSchema,
} from './service-answers';

const operator = makeEnrolmentKey();
const certificate = signCertificateWith(
  certificateFields({ kioskId: 'kiosk-a', publicKey: makeReceiptKey().publicText }),
  operator.privateKey,
);
const revocation = signRevocationRecordWith(
  { kioskId: 'kiosk-a', serial: certificate.certificate.serial },
  operator.privateKey,
);

/** Each reader with answers the service really gives. */
const READERS: [string, z.ZodType, unknown[]][] = [
  ['check', checkAnswerSchema, [sampleCheck(), sampleCheck(sampleHandover())]],
  ['handed over', handedOverAnswerSchema, [{ outcome: 'handed-over', handover: sampleHandover() }]],
  [
    'already collected',
    alreadyCollectedAnswerSchema,
    [
      {
        outcome: 'already-collected',
        handover: sampleHandover(),
        error: 'already-collected',
        message: 'Already collected at Counter 2. Do not hand it over again.',
      },
    ],
  ],
  [
    'offline',
    offlineAnswerSchema,
    [
      { outcome: 'recorded', handover: sampleHandover({ mode: 'offline' }) },
      { outcome: 'conflict', handover: sampleHandover(), conflict: sampleConflict() },
    ],
  ],
  ['refusal', refusalAnswerSchema, [sampleRefusal]],
  [
    'locked',
    lockedAnswerSchema,
    [{ error: 'locked', message: 'Too many wrong passwords.', lockedUntil: 1_700_000_900_000 }],
  ],
  ['me', meAnswerSchema, [{ staff: sampleStaff, kind: 'staff' }]],
  ['conflicts', conflictsAnswerSchema, [{ conflicts: [sampleConflict()] }]],
  ['handovers', handoversAnswerSchema, [{ handovers: [sampleHandover()] }]],
  ['revocations', revocationsAnswerSchema, [{ fleet: 'kiosk-shop', revocations: [revocation] }]],
  ['certificates', certificatesAnswerSchema, [{ certificates: [certificate] }]],
];

describe('the shop service’s answers, as the console reads them', () => {
  it.each(READERS)('reads a real %s answer', (_name, schema, seeds) => {
    for (const seed of seeds) expect(readAnswer(schema, seed), JSON.stringify(seed)).not.toBeNull();
  });

  it('refuses a check whose handover is another receipt’s, or whose receipt breaks the rules', () => {
    const elsewhere = sampleCheck(sampleHandover({ receiptId: 'Receipt-1700000000001-1' }));
    expect(readAnswer(checkAnswerSchema, elsewhere)).toBeNull();
    const negative = { ...sampleCheck(), receipt: { ...sampleCheck().receipt, c: -1 } };
    expect(readAnswer(checkAnswerSchema, negative)).toBeNull();
    const control = sampleCheck(sampleHandover({ counter: 'Counter\u001b[2J' }));
    expect(readAnswer(checkAnswerSchema, control)).toBeNull();
  });

  it('ignores fields it does not use, so a newer service is still read', () => {
    expect(
      readAnswer(handedOverAnswerSchema, {
        outcome: 'handed-over',
        handover: { ...sampleHandover(), station: 'north' },
        extra: true,
      }),
    ).toMatchObject({ handover: { counter: 'Counter 2' } });
  });

  for (const [name, schema, seeds] of READERS) {
    it(`reads random and mutated ${name} answers without throwing, and lets through only what holds`, () => {
      fc.assert(
        fc.property(hostileJson(seeds), (body) => {
          const read = readAnswer(schema, body);
          if (read !== null) expect(schema.safeParse(read).success).toBe(true);
        }),
        fuzzParameters(300),
      );
    }, 30_000);
  }
});
