// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { revocationRecordSchema } from '@shared/fleet/trust/revocation-record';
import {
  makeEnrolmentKey,
  SAMPLE_PREFIX,
  signRevocationRecordWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import { fuzzParameters } from '../../tests/support/fixtures/hostile-payloads';
import { hostileJson } from '../test/hostile-json';
import { ageText, mergeRecords, readKeptRecords } from './kept-records';

const operator = makeEnrolmentKey();
const record = (kioskId: string, serial: string) =>
  signRevocationRecordWith({ kioskId, serial }, operator.privateKey);
const one = record('kiosk-a', 'serial-a-0000000001');
const two = record('kiosk-b', 'serial-b-0000000002');
const place = { prefix: SAMPLE_PREFIX, key: operator.publicText };
const copy = { ...place, fetchedAt: 1_700_000_000_000, items: [one, two] };
const read = (value: unknown) => readKeptRecords(value, revocationRecordSchema, place, 10);
const idOf = (item: typeof one) => `${item.revocation.kioskId}/${item.revocation.serial}`;

describe('the records a console keeps from the shop service', () => {
  it('reads back the copy of this fleet and key only', () => {
    expect(read(copy)).toEqual(copy);
    expect(read({ ...copy, prefix: 'other-shop' })).toBeNull();
    expect(read({ ...copy, key: makeEnrolmentKey().publicText })).toBeNull();
  });

  it('drops the whole copy when one record is not one: a revocation missing is worse than none', () => {
    expect(read({ ...copy, items: [one, { ...two, signature: 'x' }] })).toBeNull();
    expect(read({ ...copy, items: [one, two, 3] })).toBeNull();
    expect(read({ ...copy, fetchedAt: 'today' })).toBeNull();
    expect(read({ ...copy, extra: true })).toBeNull();
    expect(readKeptRecords(copy, revocationRecordSchema, place, 1)).toBeNull();
  });

  it('adds what the service sends to what is kept, never dropping a record', () => {
    const three = record('kiosk-c', 'serial-c-0000000003');
    expect(mergeRecords([one, two], [two, three], idOf, 10)).toEqual([one, two, three]);
    // The service lost a revocation (an older backup restored): it stays revoked here.
    expect(mergeRecords([one, two], [three], idOf, 10)).toEqual([one, two, three]);
    expect(mergeRecords([one, two], [three], idOf, 2)).toEqual([one, two]);
  });

  it('says how old a copy is', () => {
    const at = 1_700_000_000_000;
    expect(ageText(at, at + 30_000)).toBe('just now');
    expect(ageText(at, at + 5 * 60_000)).toBe('5 min ago');
    expect(ageText(at, at + 2 * 3_600_000 + 60_000)).toBe('2 h ago');
    expect(ageText(at, at + 3 * 86_400_000)).toBe('3 days ago');
    expect(ageText(at, at - 60_000)).toBe('just now');
  });

  it('reads random and mutated storage without throwing, and keeps only a whole, well-formed copy', () => {
    fc.assert(
      fc.property(hostileJson([copy]), (value) => {
        const kept = read(value);
        if (kept === null) return;
        expect(kept.prefix).toBe(place.prefix);
        for (const item of kept.items)
          expect(revocationRecordSchema.safeParse(item).success).toBe(true);
      }),
      fuzzParameters(300),
    );
  }, 30_000);
});
