import { describe, expect, it } from 'vitest';
import {
  makeEnrolmentKey,
  revocationList,
  SAMPLE_PREFIX,
  signRevocationsWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import { loadKept, REVOCATIONS_STORAGE_KEY, weigh } from './revocation-keeper';

const operator = makeEnrolmentKey();
const list = (version: number) =>
  signRevocationsWith(revocationList([], { version }), operator.privateKey);

describe('the revocation list a console keeps', () => {
  it('takes a verified newer version, and keeps it over an older one the broker offers later', () => {
    const first = weigh(null, list(2), true);
    expect(first).toMatchObject({ keep: list(2), state: { list: { version: 2 }, refused: false } });
    const replayed = weigh(first.keep, list(1), true);
    expect(replayed.keep).toEqual(list(2));
    expect(replayed.state).toMatchObject({ list: { version: 2 }, olderOnBroker: 1 });
    expect(weigh(first.keep, list(3), true).keep).toEqual(list(3));
  });

  it('refuses a list that does not verify, keeping what it had', () => {
    const kept = list(2);
    expect(weigh(kept, list(9), false)).toEqual({
      keep: kept,
      state: { list: kept.revocations, olderOnBroker: null, refused: true },
    });
  });

  it('reads back only the list kept for this fleet and key', () => {
    localStorage.setItem(
      REVOCATIONS_STORAGE_KEY,
      JSON.stringify({ prefix: SAMPLE_PREFIX, key: operator.publicText, envelope: list(4) }),
    );
    expect(loadKept(SAMPLE_PREFIX, operator.publicText)?.revocations.version).toBe(4);
    expect(loadKept('other-shop', operator.publicText)).toBeNull();
    expect(loadKept(SAMPLE_PREFIX, makeEnrolmentKey().publicText)).toBeNull();
    localStorage.setItem(REVOCATIONS_STORAGE_KEY, '{"prefix":');
    expect(loadKept(SAMPLE_PREFIX, operator.publicText)).toBeNull();
  });
});
