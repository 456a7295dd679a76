import { describe, expect, it } from 'vitest';
import { staleReason, type FreshnessInput } from './freshness-rule';

const URL = 'https://shop.example/api';
const HOUR = 60 * 60_000;
const fetchedAt = 1_700_000_000_000;

const input = (overrides: Partial<FreshnessInput> = {}): FreshnessInput => ({
  cached: true,
  meta: { source: 'https://shop.example', url: URL, fetchedAt },
  catalogueUrl: URL,
  maxAgeMinutes: 60,
  now: fetchedAt + HOUR - 1,
  ...overrides,
});

describe('the kiosk’s catalogue freshness decision', () => {
  it('keeps a list younger than catalogueMaxAgeMinutes', () => {
    expect(staleReason(input())).toBeNull();
    expect(staleReason(input({ maxAgeMinutes: 120, now: fetchedAt + 2 * HOUR - 1 }))).toBeNull();
  });

  it('refreshes a list as old as catalogueMaxAgeMinutes or older', () => {
    expect(staleReason(input({ now: fetchedAt + HOUR }))).toBe('too old');
    expect(staleReason(input({ now: fetchedAt + 30 * 24 * HOUR }))).toBe('too old');
    expect(staleReason(input({ maxAgeMinutes: 5, now: fetchedAt + 5 * 60_000 }))).toBe('too old');
  });

  it('refreshes a list fetched from another catalogue URL, however young', () => {
    expect(staleReason(input({ catalogueUrl: 'https://other.example/api', now: fetchedAt }))).toBe(
      'another catalogue URL',
    );
    expect(staleReason(input({ catalogueUrl: 'https://shop.example/v2', now: fetchedAt }))).toBe(
      'another catalogue URL',
    );
  });

  it('refreshes a list whose age is unknown: no meta, or a clock set back', () => {
    expect(staleReason(input({ meta: null }))).toBe('unknown age');
    expect(staleReason(input({ now: fetchedAt - 1 }))).toBe('unknown age');
  });

  it('never refreshes in the web build (no max age), whatever the age or URL', () => {
    for (const overrides of [
      { now: fetchedAt + 100 * HOUR },
      { catalogueUrl: '/api' },
      { meta: null },
    ]) {
      expect(staleReason(input({ ...overrides, maxAgeMinutes: null }))).toBeNull();
    }
  });

  it('leaves an empty cache to the products page, which fetches it anyway (spec §7)', () => {
    expect(staleReason(input({ cached: false, meta: null }))).toBeNull();
    expect(staleReason(input({ cached: false, now: fetchedAt + 10 * HOUR }))).toBeNull();
  });
});
