// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP_SETTINGS,
  MAX_SNAPSHOT_ORDERS,
  pickSnapshotSchema,
} from '@shared/fleet/order-flow';
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzParameters,
  hostilePayload,
} from '../../tests/support/fixtures/hostile-payloads';
import { pickOrderNumbered } from '../../tests/support/fixtures/pick-order';
import { slicedPickSnapshot } from './pick-snapshot';

const snapshot = (count: number) => ({
  orders: Array.from({ length: count }, (_, index) => pickOrderNumbered(index)),
  lastMoveId: 12,
  settings: DEFAULT_SHOP_SETTINGS,
  now: 1,
});

const sliced = (raw: unknown) =>
  slicedPickSnapshot
    .parseInSlices(raw, () => Promise.resolve())
    .then(
      (value) => ({ success: true as const, value }),
      () => ({ success: false as const, value: undefined }),
    );

describe('the pick snapshot read a slice at a time', () => {
  it('reads a snapshot as the whole schema does', async () => {
    const raw = snapshot(300);
    expect(await slicedPickSnapshot.parseInSlices(raw, () => Promise.resolve())).toEqual(
      pickSnapshotSchema.parse(raw),
    );
  });

  it('refuses a snapshot of too many orders, and one bad order among many', async () => {
    expect((await sliced(snapshot(MAX_SNAPSHOT_ORDERS + 1))).success).toBe(false);
    const bad = snapshot(300);
    bad.orders[250] = { ...pickOrderNumbered(250), receiptId: 'Receipt-x' };
    expect((await sliced(bad)).success).toBe(false);
  });

  it(
    'reads and refuses whatever arrives exactly as the whole schema does',
    async () => {
      await fc.assert(
        fc.asyncProperty(hostilePayload([JSON.stringify(snapshot(3))]), async (bytes) => {
          let raw: unknown;
          try {
            raw = JSON.parse(new TextDecoder().decode(bytes));
          } catch {
            return;
          }
          const whole = pickSnapshotSchema.safeParse(raw);
          const read = await sliced(raw);
          expect(read.success).toBe(whole.success);
          if (whole.success) expect(read.value).toEqual(whole.data);
        }),
        fuzzParameters(200),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
