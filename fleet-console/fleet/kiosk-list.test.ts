// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAMPLE_FLEET } from '../test/sample-fleet';
import type { KioskState } from './fleet-state';
import {
  DEFAULT_LIST_OPTIONS,
  listKiosks,
  matches,
  needsAttention,
  queryOf,
  summarise,
} from './kiosk-list';

const fleet = SAMPLE_FLEET;
const ids = (rows: KioskState[]) => rows.map((row) => row.id);

describe('order', () => {
  it('puts offline kiosks first, then those with no status, then the online ones by id', () => {
    expect(ids(listKiosks(fleet.values(), DEFAULT_LIST_OPTIONS))).toEqual([
      'c-kiosk',
      'e-kiosk',
      'a-kiosk',
      'b-kiosk',
      'd-kiosk',
    ]);
  });

  it('sorts by memory, highest first, without offline first', () => {
    const rows = listKiosks(fleet.values(), {
      ...DEFAULT_LIST_OPTIONS,
      sort: 'memory',
      offlineFirst: false,
    });
    expect(ids(rows).slice(0, 3)).toEqual(['b-kiosk', 'd-kiosk', 'e-kiosk']);
    expect(ids(rows).at(-1)).toBe('c-kiosk');
  });

  it('sorts by catalogue age, oldest first, unknown last', () => {
    const rows = listKiosks(fleet.values(), {
      ...DEFAULT_LIST_OPTIONS,
      sort: 'catalogue',
      offlineFirst: false,
    });
    expect(ids(rows)).toEqual(['d-kiosk', 'a-kiosk', 'e-kiosk', 'b-kiosk', 'c-kiosk']);
  });
});

describe('filters', () => {
  it('shows only online or only offline kiosks', () => {
    expect(ids(listKiosks(fleet.values(), { ...DEFAULT_LIST_OPTIONS, show: 'online' }))).toEqual([
      'a-kiosk',
      'b-kiosk',
      'd-kiosk',
    ]);
    expect(ids(listKiosks(fleet.values(), { ...DEFAULT_LIST_OPTIONS, show: 'offline' }))).toEqual([
      'c-kiosk',
      'e-kiosk',
    ]);
  });

  it('shows what needs attention: offline, no printer, or an error', () => {
    expect(ids(listKiosks(fleet.values(), { ...DEFAULT_LIST_OPTIONS, show: 'attention' }))).toEqual(
      ['c-kiosk', 'e-kiosk', 'a-kiosk', 'd-kiosk'],
    );
    expect(needsAttention(fleet.get('b-kiosk')!)).toBe(false);
  });

  it('searches ids, versions and errors, ignoring case', () => {
    expect(
      ids(listKiosks(fleet.values(), { ...DEFAULT_LIST_OPTIONS, query: ' HTTP 503 ' })),
    ).toEqual(['d-kiosk']);
    expect(ids(listKiosks(fleet.values(), { ...DEFAULT_LIST_OPTIONS, query: 'B-K' }))).toEqual([
      'b-kiosk',
    ]);
  });

  it('finds a query inside one of a kiosk’s texts, never across two of them', () => {
    const base = [...fleet.values()][0]!;
    const texts = fc.option(fc.string({ unit: fc.constantFrom('a', 'B', '-', ' ', '\u0000') }), {
      nil: null,
    });
    fc.assert(
      fc.property(
        texts,
        texts,
        texts,
        fc.string({ unit: fc.constantFrom('a', 'b', '-', '\u0000') }),
        (store, region, version, typed) => {
          const kiosk: KioskState = { ...base, store, region, version };
          const query = queryOf({ ...DEFAULT_LIST_OPTIONS, query: typed });
          const fields = [kiosk.id, store, region, version, kiosk.health?.lastError]
            .filter((text): text is string => typeof text === 'string')
            .map((text) => text.toLowerCase());
          expect(matches(kiosk, query, DEFAULT_LIST_OPTIONS)).toBe(
            query === '' || fields.some((text) => text.includes(query)),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

it('counts the fleet by presence', () => {
  expect(summarise(fleet.values())).toEqual({ total: 5, online: 3, offline: 1, unknown: 1 });
});
