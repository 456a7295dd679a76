// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readHealth } from '../protocol/health-view';
import type { KioskState, Presence } from './fleet-state';
import { listOrder, SORT_LABELS, DEFAULT_LIST_OPTIONS, type SortKey } from './kiosk-list';
import { orderFromIds } from './kiosk-order';

const SORTS = Object.keys(SORT_LABELS) as SortKey[];

/** A few values of each, so that many kiosks share a key and only their ids tell them apart. */
const texts = fc.option(fc.constantFrom('north', 'South', 'store-2', 'store-10', 'é', ''), {
  nil: null,
});
const figures = fc.option(fc.constantFrom<number>(0, -0, 1.5, 12, 12, 300, -4), { nil: null });

const kioskArbitrary = fc.record({
  id: fc.string({ minLength: 1, maxLength: 6 }),
  presence: fc.constantFrom<Presence>('online', 'offline', 'unknown'),
  region: texts,
  store: texts,
  version: texts,
  lastSeen: figures,
  memory: fc.array(fc.constantFrom(100, 250.5, 900), { maxLength: 3 }),
  health: fc.option(
    fc.record({
      screen: fc.constantFrom('attract', 'shopping', 'receipt', 'other'),
      ageMinutes: figures,
    }),
    { nil: null },
  ),
});

type Drawn = typeof kioskArbitrary extends fc.Arbitrary<infer T> ? T : never;

function kioskOf(drawn: Drawn): KioskState {
  return {
    id: drawn.id,
    presence: drawn.presence,
    since: null,
    version: drawn.version,
    publicKey: null,
    health: drawn.health
      ? readHealth({
          screen: drawn.health.screen,
          catalogue: { source: 'cache', ageMinutes: drawn.health.ageMinutes },
        })
      : null,
    memoryTrend: drawn.memory,
    lastSeen: drawn.lastSeen,
    asleep: false,
    store: drawn.store,
    region: drawn.region,
    enrolled: true,
    claimed: { store: null, region: null },
    starts: [],
    lostLink: null,
    node: null,
    nodeLost: null,
  };
}

describe('the list’s order worked out from the kiosks in id order', () => {
  it('is the order listOrder’s comparator gives, for every sort, offline first or not', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(kioskArbitrary, { selector: (kiosk) => kiosk.id, maxLength: 60 }),
        fc.constantFrom(...SORTS),
        fc.boolean(),
        (drawn, sort, offlineFirst) => {
          const options = { ...DEFAULT_LIST_OPTIONS, sort, offlineFirst };
          const kiosks = drawn.map(kioskOf);
          const byId = [...kiosks].sort(listOrder({ ...options, sort: 'id', offlineFirst: false }));
          const ids = (rows: KioskState[]) => rows.map((kiosk) => kiosk.id);
          expect(ids(orderFromIds(byId, options))).toEqual(
            ids([...kiosks].sort(listOrder(options))),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('puts kiosks sharing a key in id order, and never-seen kiosks first by last seen', () => {
    const kiosks = ['c', 'a', 'b'].map((id, index) =>
      kioskOf({
        id,
        presence: 'online',
        region: 'north',
        store: null,
        version: null,
        lastSeen: [1, null, 5][index] ?? null,
        memory: [],
        health: null,
      }),
    );
    const byId = [...kiosks].sort((a, b) => (a.id < b.id ? -1 : 1));
    const order = (sort: SortKey) =>
      orderFromIds(byId, { sort, offlineFirst: false }).map((kiosk) => kiosk.id);
    expect(order('region')).toEqual(['a', 'b', 'c']);
    expect(order('lastSeen')).toEqual(['a', 'c', 'b']);
    expect(order('store')).toEqual(['a', 'b', 'c']);
  });
});
