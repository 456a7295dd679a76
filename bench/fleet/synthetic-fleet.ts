/**
 * The console-side fleet of the console interaction bench: retained status and health
 * messages for N kiosks, as real kiosks publish them (the same schemas), and the operator's
 * certificate of each, which alone places a kiosk in its store and region; groups,
 * versions, memory and errors spread so that every search, sort and filter the bench makes
 * changes the rows in view. Pure, so the messages are checked against the schemas.
 */
import type { KioskHealth, KioskStatusOnline } from '../../shared/fleet/payloads';
import {
  CERTIFICATE_TYPE,
  type KioskCertificate,
} from '../../shared/fleet/trust/kiosk-certificate';
import { SAMPLE_HEALTH } from '../../tests/support/fixtures/kiosk-health';

export const REGIONS = 8;
export const STORES = 200;

export const syntheticId = (index: number, count: number): string =>
  `sim-${String(index + 1).padStart(Math.max(5, String(count).length), '0')}`;

export const regionOf = (index: number): string => `region-${index % REGIONS}`;

export const storeOf = (index: number): string =>
  `store-${String(index % STORES).padStart(3, '0')}`;

export function syntheticStatus(index: number): KioskStatusOnline {
  return {
    state: 'online',
    version: `0.${index % 5}.0`,
    startedAt: '2026-11-23T08:00:00.000Z',
    publicKey: null,
    store: storeOf(index),
    region: regionOf(index),
  };
}

/** A serial per kiosk, of the certificate pattern's length (16 or more). */
export const syntheticSerial = (index: number): string =>
  `bench-serial-${String(index).padStart(8, '0')}`;

/**
 * The certificate the operator would have signed for the i-th kiosk: the groups its status
 * names, so no kiosk shows as a mismatch. `publicKey` is its receipt key (one will do: the
 * console lists kiosks by certificate, it checks no receipts here).
 */
export function syntheticCertificate(
  index: number,
  count: number,
  fleet: string,
  publicKey: string,
): KioskCertificate {
  return {
    type: CERTIFICATE_TYPE,
    fleet,
    kioskId: syntheticId(index, count),
    publicKey,
    store: storeOf(index),
    region: regionOf(index),
    issuedAt: Date.UTC(2026, 10, 23, 8),
    serial: syntheticSerial(index),
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
