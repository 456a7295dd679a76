// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { onlineStatus } from '../../tests/support/fixtures/kiosk-status';
import { health, message, offline, PREFIX } from '../test/messages';
import { applyMessages, certifyKiosks, emptyFleet } from './fleet-state';
import { createGroupRollup, groupNames, NO_GROUP, rollupByGroup } from './group-rollup';
import { listKiosks, DEFAULT_LIST_OPTIONS, needsAttention } from './kiosk-list';

/** A kiosk's certificate naming these groups, as the page verified it. */
const certificate = (store: string, region: string, serial = 's') =>
  ({ store, region, serial }) as const;

/** A kiosk's status naming its store and region, awake or asleep. */
const status = (
  id: string,
  groups: { store?: string; region?: string },
  { state = 'online', version = '0.1.0', receivedAt = 1_000 } = {},
) =>
  message(
    `kiosks/${id}/status`,
    { ...onlineStatus({}), state, version, ...groups },
    { receivedAt },
  );

const fleet = certifyKiosks(
  applyMessages(
    emptyFleet(),
    [
      status('lyon-a', { store: 'lyon-1', region: 'eu-west' }),
      health('lyon-a', { printer: { available: false } }),
      status('lyon-b', { store: 'lyon-1', region: 'eu-west' }, { version: '0.2.0' }),
      health('lyon-b', { catalogue: { source: 'embedded', products: 3, ageMinutes: 240 } }),
      status('lyon-c', { store: 'lyon-2', region: 'eu-west' }, { state: 'asleep' }),
      status('berlin-a', { store: 'berlin-1', region: 'eu-central' }),
      offline('berlin-a', { receivedAt: 5_000 }),
      // Asleep, then switched off for the night: asleep, not offline.
      status('berlin-b', { store: 'berlin-1', region: 'eu-central' }, { state: 'asleep' }),
      offline('berlin-b', { receivedAt: 6_000 }),
      status('loose', {}),
    ],
    PREFIX,
  ),
  [
    ['lyon-a', certificate('lyon-1', 'eu-west')],
    ['lyon-b', certificate('lyon-1', 'eu-west')],
    ['lyon-c', certificate('lyon-2', 'eu-west')],
    ['berlin-a', certificate('berlin-1', 'eu-central')],
    ['berlin-b', certificate('berlin-1', 'eu-central')],
  ],
).kiosks;

describe('the rollup per group', () => {
  it('counts each region: online, offline, asleep, out of paper, stale catalogue, version mix', () => {
    expect(rollupByGroup(fleet.values(), 'region')).toEqual([
      {
        group: 'eu-central',
        regions: [],
        total: 2,
        online: 0,
        offline: 1,
        asleep: 1,
        unknown: 0,
        outOfPaper: 0,
        staleCatalogue: 0,
        versions: [{ version: '0.1.0', count: 2 }],
      },
      {
        group: 'eu-west',
        regions: [],
        total: 3,
        online: 2,
        offline: 0,
        asleep: 1,
        unknown: 0,
        outOfPaper: 1,
        staleCatalogue: 1,
        versions: [
          { version: '0.1.0', count: 2 },
          { version: '0.2.0', count: 1 },
        ],
      },
      expect.objectContaining({ group: NO_GROUP, total: 1, online: 1 }),
    ]);
  });

  it('counts each store, naming the region its kiosks are in', () => {
    const stores = rollupByGroup(fleet.values(), 'store');
    expect(stores.map((row) => [row.group, row.regions, row.total])).toEqual([
      ['berlin-1', ['eu-central'], 2],
      ['lyon-1', ['eu-west'], 2],
      ['lyon-2', ['eu-west'], 1],
      [NO_GROUP, [], 1],
    ]);
  });

  it('counts a kiosk whose only message is its retained Last Will in the groups its certificate names', () => {
    const lastWill = (id: string, groups: { store?: string; region?: string }) =>
      message(`kiosks/${id}/status`, { state: 'offline', ...groups }, { retained: true });
    const seen = certifyKiosks(
      applyMessages(
        emptyFleet(),
        [
          lastWill('gone-a', { store: 'lyon-9', region: 'eu-west' }),
          // An older kiosk's Last Will names nothing; its certificate does.
          lastWill('gone-old', {}),
          // No certificate: whatever its Last Will says, it is in no group.
          lastWill('gone-unenrolled', { store: 'lyon-9', region: 'eu-west' }),
        ],
        PREFIX,
      ),
      [
        ['gone-a', certificate('lyon-9', 'eu-west')],
        ['gone-old', certificate('lyon-9', 'eu-west')],
      ],
    ).kiosks;
    expect(seen.get('gone-a')).toMatchObject({ presence: 'offline', store: 'lyon-9' });
    expect(rollupByGroup(seen.values(), 'store')).toEqual([
      expect.objectContaining({ group: 'lyon-9', regions: ['eu-west'], total: 2, offline: 2 }),
      expect.objectContaining({ group: NO_GROUP, total: 1, offline: 1 }),
    ]);
    expect(rollupByGroup(seen.values(), 'region')[0]).toMatchObject({
      group: 'eu-west',
      offline: 2,
    });
  });

  it('counts a kiosk in its certificate’s store, never in the one its status names', () => {
    const seen = certifyKiosks(
      applyMessages(
        emptyFleet(),
        [
          status('kiosk-x', { store: 'lyon-1', region: 'eu-west' }),
          status('lyon-a', { store: 'lyon-1', region: 'eu-west' }),
          status('stranger', { store: 'lyon-1', region: 'eu-west' }),
        ],
        PREFIX,
      ),
      [
        ['kiosk-x', certificate('paris-9', 'eu-north')],
        ['lyon-a', certificate('lyon-1', 'eu-west')],
      ],
    ).kiosks;
    expect(rollupByGroup(seen.values(), 'store').map((row) => [row.group, row.total])).toEqual([
      ['lyon-1', 1],
      ['paris-9', 1],
      [NO_GROUP, 1],
    ]);
    expect(groupNames(seen.values())).toEqual({
      regions: ['eu-north', 'eu-west'],
      stores: ['lyon-1', 'paris-9'],
    });
  });

  it('keeps what an online status named as its claim when an older kiosk goes offline without them', () => {
    const seen = applyMessages(
      emptyFleet(),
      [status('old-a', { store: 'lyon-1', region: 'eu-west' }), offline('old-a')],
      PREFIX,
    ).kiosks;
    expect(seen.get('old-a')).toMatchObject({
      presence: 'offline',
      store: null,
      region: null,
      claimed: { store: 'lyon-1', region: 'eu-west' },
    });
  });

  it('counts again only when the kiosks change', () => {
    const rollup = createGroupRollup();
    const first = rollup(fleet, 'region');
    expect(rollup(fleet, 'region')).toBe(first);
    expect(rollup(fleet, 'store')).not.toBe(first);
    expect(rollup(new Map(fleet), 'store')).toEqual(rollup(fleet, 'store'));
  });

  it('names the regions and stores for the filters', () => {
    expect(groupNames(fleet.values())).toEqual({
      regions: ['eu-central', 'eu-west'],
      stores: ['berlin-1', 'lyon-1', 'lyon-2'],
    });
  });
});

describe('filtering and sorting the kiosk list by group', () => {
  const ids = (options: Partial<typeof DEFAULT_LIST_OPTIONS>) =>
    listKiosks(fleet.values(), { ...DEFAULT_LIST_OPTIONS, offlineFirst: false, ...options }).map(
      (kiosk) => kiosk.id,
    );

  it('shows one region or one store', () => {
    expect(ids({ region: 'eu-west' })).toEqual(['lyon-a', 'lyon-b', 'lyon-c']);
    expect(ids({ store: 'berlin-1' })).toEqual(['berlin-a', 'berlin-b']);
    expect(ids({ region: 'eu-west', store: 'berlin-1' })).toEqual([]);
  });

  it('sorts by region or store, kiosks without one last', () => {
    expect(ids({ sort: 'store' })).toEqual([
      'berlin-a',
      'berlin-b',
      'lyon-a',
      'lyon-b',
      'lyon-c',
      'loose',
    ]);
    expect(ids({ sort: 'region' }).slice(0, 2)).toEqual(['berlin-a', 'berlin-b']);
  });

  it('finds a kiosk by its store in the search', () => {
    expect(ids({ query: 'LYON-2' })).toEqual(['lyon-c']);
  });

  it('does not count a kiosk asleep, or off while asleep, as needing attention', () => {
    const get = (id: string) => {
      const kiosk = fleet.get(id);
      if (!kiosk) throw new Error(id);
      return kiosk;
    };
    expect(needsAttention(get('lyon-c'))).toBe(false);
    expect(needsAttention(get('berlin-b'))).toBe(false);
    expect(needsAttention(get('berlin-a'))).toBe(true);
  });
});
