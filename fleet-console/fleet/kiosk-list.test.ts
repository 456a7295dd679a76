import { describe, expect, it } from 'vitest';
import { SAMPLE_FLEET } from '../test/sample-fleet';
import type { KioskState } from './fleet-state';
import { DEFAULT_LIST_OPTIONS, listKiosks, needsAttention, summarise } from './kiosk-list';

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
});

it('counts the fleet by presence', () => {
  expect(summarise(fleet.values())).toEqual({ total: 5, online: 3, offline: 1, unknown: 1 });
});
