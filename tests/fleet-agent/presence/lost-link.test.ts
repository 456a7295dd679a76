import { describe, expect, it } from 'vitest';
import { createLostLink } from '../../../fleet-agent/presence/lost-link';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 9, 0, seconds));

describe('the lost link', () => {
  it('is owed from when a session that said online ended without a clean close', () => {
    const link = createLostLink();
    link.saidOnline();
    link.ended(at(5), false);
    expect(link.owed()).toEqual(at(5));
  });

  it('is not owed after a clean end, nor for an attempt that never said online', () => {
    const link = createLostLink();
    link.ended(at(1), false);
    expect(link.owed()).toBeNull();
    link.saidOnline();
    link.ended(at(2), true);
    expect(link.owed()).toBeNull();
  });

  it('keeps the first loss until a session has carried the report and the online status', () => {
    const link = createLostLink();
    link.saidOnline();
    link.ended(at(5), false);
    // A node that closes the next session before its status was taken.
    link.ended(at(9), false);
    expect(link.owed()).toEqual(at(5));
    link.reported();
    link.saidOnline();
    expect(link.owed()).toBeNull();
    link.ended(at(30), false);
    expect(link.owed()).toEqual(at(30));
  });
});
