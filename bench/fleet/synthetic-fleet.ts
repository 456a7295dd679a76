/**
 * The console-side fleet of the console interaction bench: retained status and health
 * messages for N kiosks, as real kiosks publish them (the same schemas), with groups,
 * versions, memory and errors spread so that every search, sort and filter the bench makes
 * changes the rows in view. Pure, so the messages are checked against the schemas.
 */
import type { KioskHealth, KioskStatusOnline } from '../../shared/fleet/payloads';
import { SAMPLE_HEALTH } from '../../tests/support/fixtures/kiosk-health';

export const REGIONS = 8;
export const STORES = 200;

export const syntheticId = (index: number, count: number): string =>
  `sim-${String(index + 1).padStart(Math.max(5, String(count).length), '0')}`;

export const regionOf = (index: number): string => `region-${index % REGIONS}`;

export function syntheticStatus(index: number): KioskStatusOnline {
  return {
    state: 'online',
    version: `0.${index % 5}.0`,
    startedAt: '2026-11-23T08:00:00.000Z',
    publicKey: null,
    store: `store-${String(index % STORES).padStart(3, '0')}`,
    region: regionOf(index),
  };
}

export function syntheticHealth(index: number): KioskHealth {
  return {
    ...SAMPLE_HEALTH,
    version: `0.${index % 5}.0`,
    screen: (['attract', 'shopping', 'receipt'] as const)[index % 3] ?? 'attract',
    // A spread that does not follow the id, so "Memory (highest first)" reorders the list.
    memory: { mainMB: 80 + ((index * 7919) % 400), rendererMB: 150 + ((index * 104_729) % 300) },
    catalogue: { source: 'embedded', products: 24, ageMinutes: (index * 31) % 2000 },
    printer: { available: index % 17 !== 0 },
    lastError: index % 13 === 0 ? `Printer: paper low (${index % 97} sheets)` : null,
  };
}

/** Searches typed in turn: each leaves a different number of kiosks from the one before. */
export const SEARCHES = ['1', '12', '2', '23', '3', '34', '4', '45', 'paper', '5', 'store-01', '6'];
/** Orders chosen in turn (SortKey values): each puts other kiosks at the top. */
export const SORTS = ['memory', 'id', 'store', 'region', 'version', 'catalogue'] as const;
/** Regions picked in turn ('' = every region). */
export const FILTERS = Array.from({ length: REGIONS }, (_, index) => regionOf(index)).concat(['']);

/** The i-th input of a kind, each different from the one before (the lists cycle). */
export function nth<T>(list: readonly T[], index: number): T {
  const value = list[index % list.length];
  if (value === undefined) throw new Error('empty input list');
  return value;
}
