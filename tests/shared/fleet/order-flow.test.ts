/**
 * An order's way as the screens read it: the steps forward one state at a time, and the
 * service's messages read through their schemas whatever arrives (random and mutated
 * changes, snapshots and settings), never throwing, and never letting a board item carry
 * more than a number, a state and a time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boardChangeSchema,
  boardSnapshotSchema,
  DEFAULT_SHOP_SETTINGS,
  pickChangeSchema,
  pickSnapshotSchema,
  shopSettingsSchema,
  stepFrom,
} from '../../../shared/fleet/order-flow';
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzParameters,
  hostilePayload,
} from '../../support/fixtures/hostile-payloads';
import { PICK_ORDER } from '../../support/fixtures/pick-order';

const order = PICK_ORDER;
const move = {
  id: 12,
  kioskId: 'kiosk-01',
  receiptId: 'Receipt-1700000000000-42',
  kind: 'move',
  from: 'new',
  to: 'picking',
  by: 'Sam',
  at: 1_700_000_002_000,
  reason: null,
};

describe('the order flow', () => {
  it('steps forward one state at a time, and not from a closed order', () => {
    expect(stepFrom('new')).toBe('take');
    expect(stepFrom('picking')).toBe('ready');
    expect(stepFrom('ready')).toBe('hand-over');
    expect(stepFrom('handed-over')).toBeNull();
    expect(stepFrom('cancelled')).toBeNull();
  });

  it('has defaults that are settings, and refuses red before amber', () => {
    expect(shopSettingsSchema.parse(DEFAULT_SHOP_SETTINGS)).toEqual(DEFAULT_SHOP_SETTINGS);
    expect(
      shopSettingsSchema.safeParse({ ...DEFAULT_SHOP_SETTINGS, pickRedMinutes: 4 }).success,
    ).toBe(false);
  });

  it('reads a board item as a number, a state and a time, and drops anything else', () => {
    const parsed = boardChangeSchema.parse({
      id: 3,
      item: { number: 'C 1', state: 'ready', stateAt: 5, kioskId: 'kiosk-01', lines: [] },
    });
    expect(parsed).toEqual({ id: 3, item: { number: 'C 1', state: 'ready', stateAt: 5 } });
  });

  const samples: [string, { safeParse: (value: unknown) => { success: boolean } }, unknown][] = [
    ['a pick change', pickChangeSchema, { move, order }],
    [
      'a pick snapshot',
      pickSnapshotSchema,
      { orders: [order], lastMoveId: 12, settings: DEFAULT_SHOP_SETTINGS, now: 1 },
    ],
    [
      'a board change',
      boardChangeSchema,
      { id: 12, item: { number: 'C 27', state: 'ready', stateAt: 1 } },
    ],
    [
      'a board snapshot',
      boardSnapshotSchema,
      {
        items: [{ number: 'C 27', state: 'ready', stateAt: 1 }],
        lastMoveId: 12,
        settings: {
          boardReadyMinutes: 10,
          boardChime: true,
          boardSpeech: false,
          boardSpeechLanguages: ['en'],
        },
        now: 1,
      },
    ],
  ];

  for (const [name, schema, sample] of samples) {
    it(
      `reads ${name} whatever arrives, without throwing`,
      () => {
        expect(schema.safeParse(sample).success).toBe(true);
        fc.assert(
          fc.property(hostilePayload([JSON.stringify(sample)]), (bytes) => {
            let value: unknown;
            try {
              value = JSON.parse(new TextDecoder().decode(bytes));
            } catch {
              return;
            }
            expect(typeof schema.safeParse(value).success).toBe('boolean');
          }),
          fuzzParameters(200),
        );
      },
      FUZZ_TEST_TIMEOUT_MS,
    );
  }
});
