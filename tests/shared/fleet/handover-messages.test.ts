import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_HANDOVER_BYTES,
  readConflictMessage,
  readHandoverMessage,
} from '../../../shared/fleet/handover-messages';

const NONCE = 'bm9uY2Utbm9uY2Utbm9uY2U';
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const record = { type: 'collected', claim: NONCE, counter: 'Counter 2', at: 1_700_000_000_000 };

describe('the messages of a handover topic', () => {
  it('are a probe, a claim or a record, with exactly their fields', () => {
    expect(readHandoverMessage(bytes({ type: 'probe', nonce: NONCE }))).toEqual({
      type: 'probe',
      nonce: NONCE,
    });
    expect(readHandoverMessage(bytes({ ...record, type: 'claim' }))).toMatchObject({
      type: 'claim',
    });
    expect(readHandoverMessage(bytes({ ...record, offline: true }))).toEqual({
      ...record,
      offline: true,
    });
    expect(readHandoverMessage(bytes({ ...record, by: 'me' }))).toBeNull();
    expect(readHandoverMessage(bytes({ ...record, counter: 'Counter\u0007' }))).toBeNull();
    expect(readHandoverMessage(bytes({ ...record, at: 1e300 }))).toBeNull();
    expect(readHandoverMessage(bytes({ ...record, claim: 'short' }))).toBeNull();
    expect(readHandoverMessage(new Uint8Array(MAX_HANDOVER_BYTES + 1).fill(32))).toBeNull();
    expect(readHandoverMessage(new Uint8Array())).toBeNull();
  });

  it('and a conflict report names what the broker already held', () => {
    const conflict = {
      type: 'conflict',
      counter: 'Counter 1',
      at: 5,
      found: { state: 'collected', counter: 'Counter 2', at: 4 },
      reportedAt: 6,
    };
    expect(readConflictMessage(bytes(conflict))).toEqual(conflict);
    expect(readConflictMessage(bytes({ ...conflict, found: { state: 'gone' } }))).toBeNull();
  });

  it('are read from random and mutated bytes without throwing', () => {
    const valid = bytes(record);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 1500 }),
          fc
            .array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 })), {
              minLength: 1,
              maxLength: 3,
            })
            .map((changes) => {
              const copy = new Uint8Array(valid);
              for (const [index, value] of changes) copy[index] = value;
              return copy;
            }),
          fc.jsonValue().map((value) => bytes(value)),
        ),
        (input) => {
          readConflictMessage(input);
          const read = readHandoverMessage(input);
          if (read && read.type !== 'probe') expect(Number.isSafeInteger(read.at)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
