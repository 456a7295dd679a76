// @vitest-environment node
/**
 * The list order, group rollups and alerts are kept up to date from one fleet state to the
 * next by redoing only the kiosks that changed. Whatever the changes, each must give what
 * working it all out afresh gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAlertList, fleetAlerts } from './alerts';
import type { KioskState } from './fleet-state';
import { createGroupNamer, createGroupRollup, groupNames, rollupByGroup } from './group-rollup';
import { createSummariser, listKiosks, summarise, type ListOptions } from './kiosk-list';
import { createKioskLister } from './kiosk-lister';

const NOW = Date.UTC(2026, 10, 26, 12);
const ids = Array.from({ length: 12 }, (_, n) => `k-${String(n).padStart(2, '0')}`);

const kioskState = (id: string): fc.Arbitrary<KioskState> =>
  fc.record({
    id: fc.constant(id),
    presence: fc.constantFrom('online' as const, 'offline' as const, 'unknown' as const),
    since: fc.option(fc.integer({ min: NOW - 20 * 60_000, max: NOW })),
    version: fc.option(fc.constantFrom('1.0.0', '1.1.0', '2.0.0')),
    publicKey: fc.constant(null),
    health: fc.option(
      fc.record({
        printerAvailable: fc.boolean(),
        catalogue: fc.option(fc.record({ ageMinutes: fc.integer({ min: 0, max: 200 }) })),
        update: fc.option(fc.record({ state: fc.constantFrom('idle', 'error') })),
        lastError: fc.option(fc.constantFrom('paper jam', 'timeout')),
      }) as fc.Arbitrary<KioskState['health']>,
    ),
    memoryTrend: fc.array(fc.integer({ min: 50, max: 900 }), { maxLength: 3 }),
    lastSeen: fc.option(fc.integer({ min: NOW - 60_000, max: NOW })),
    asleep: fc.boolean(),
    store: fc.option(fc.constantFrom('lyon-1', 'lyon-2', 'berlin-1')),
    region: fc.option(fc.constantFrom('eu-west', 'eu-central')),
    enrolled: fc.boolean(),
    claimed: fc.record({
      store: fc.option(fc.constantFrom('lyon-1', 'paris-9')),
      region: fc.option(fc.constantFrom('eu-west', 'eu-north')),
    }),
    starts: fc.array(fc.integer({ min: NOW - 15 * 60_000, max: NOW }), { maxLength: 4 }),
    lostLink: fc.constant(null),
    node: fc.constant(null),
    nodeLost: fc.constant(null),
  });

/** One frame's changes: some kiosks get a new state, some go. */
const step = fc.array(
  fc.oneof(
    fc.constantFrom(...ids).chain((id) => kioskState(id).map((state) => ({ id, state }))),
    fc.constantFrom(...ids).map((id) => ({ id, state: null })),
  ),
  { maxLength: 6 },
);

const optionSets: ListOptions[] = [
  { query: '', show: 'all', sort: 'id', offlineFirst: true },
  { query: '', show: 'attention', sort: 'memory', offlineFirst: false },
  { query: 'lyon', show: 'online', sort: 'region', offlineFirst: true },
  { query: '', show: 'all', sort: 'lastSeen', offlineFirst: true, store: 'berlin-1' },
  { query: 'k', show: 'all', sort: 'lastSeen', offlineFirst: true },
  { query: '', show: 'offline', sort: 'lastSeen', offlineFirst: true },
  { query: '', show: 'all', sort: 'lastSeen', offlineFirst: true },
  { query: 'lyon', show: 'all', sort: 'id', offlineFirst: true },
];

describe('the derived views, kept up to date kiosk by kiosk', () => {
  it('equal the views worked out afresh, frame after frame', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), fc.nat(7), (steps, which) => {
        const lister = createKioskLister();
        const rollup = createGroupRollup();
        const alerts = createAlertList();
        const summariser = createSummariser();
        const namer = createGroupNamer();
        let kiosks = new Map<string, KioskState>();
        steps.forEach((changes, frame) => {
          const next = new Map(kiosks);
          for (const { id, state } of changes) {
            if (state) next.set(id, state);
            else next.delete(id);
          }
          kiosks = next;
          const kind = frame % 3 === 2 ? 'store' : 'region';
          const now = NOW + Math.floor(frame / 4) * 30_000;
          // The options stay for some frames, then change (a search, a filter, a new order).
          const options = optionSets[
            (which + Math.floor(frame / 3)) % optionSets.length
          ] as ListOptions;
          expect(lister(kiosks, options)).toEqual(listKiosks(kiosks.values(), options));
          expect(rollup(kiosks, kind)).toEqual(rollupByGroup(kiosks.values(), kind));
          expect(alerts(kiosks, now)).toEqual(fleetAlerts(kiosks.values(), now));
          expect(summariser(kiosks)).toEqual(summarise(kiosks.values()));
          expect(namer(kiosks)).toEqual(groupNames(kiosks.values()));
        });
      }),
      { numRuns: 300 },
    );
  });
});
