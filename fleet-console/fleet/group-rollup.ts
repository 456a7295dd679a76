/**
 * The fleet by region or by store: per group, how many kiosks are online (awake), offline,
 * asleep (closed on purpose), out of paper, on a stale catalogue, and which versions they
 * run. Pure, and memoised on the kiosks map: the fleet state gives a new map only when a
 * frame changed a kiosk, so thousands of kiosks are counted at most once a frame.
 */
import type { KioskState } from './fleet-state';
import { kioskChanges } from './kiosk-changes';

export type GroupKind = 'region' | 'store';

/**
 * A catalogue older than this is stale: the kiosk's default catalogueMaxAgeMinutes, after
 * which the kiosk itself fetches again (a fleet that changed it still sees it here).
 */
export const STALE_CATALOGUE_MINUTES = 60;

/** The name the console shows for kiosks that name no group. */
export const NO_GROUP = '(none)';

export interface GroupRollup {
  /** The region or store id, or NO_GROUP. */
  group: string;
  /** For a store: the region(s) its kiosks name, for sorting and showing. */
  regions: readonly string[];
  total: number;
  online: number;
  offline: number;
  asleep: number;
  /** Still waiting for a first status from these kiosks. */
  unknown: number;
  outOfPaper: number;
  staleCatalogue: number;
  /** Version → how many kiosks run it, most common first. */
  versions: readonly { version: string; count: number }[];
}

/** Asleep on purpose: connected while the store is closed, or gone offline while asleep. */
export function isAsleep(kiosk: KioskState): boolean {
  return kiosk.asleep && kiosk.presence !== 'unknown';
}

export function isStale(kiosk: KioskState): boolean {
  const age = kiosk.health?.catalogue?.ageMinutes;
  return age != null && age > STALE_CATALOGUE_MINUTES;
}

interface Counting extends Omit<GroupRollup, 'versions' | 'regions'> {
  versions: Map<string, number>;
  /** Region → how many of the store's kiosks name it. */
  regions: Map<string, number>;
}

const bump = (counts: Map<string, number>, key: string, by: number): void => {
  const count = (counts.get(key) ?? 0) + by;
  if (count === 0) counts.delete(key);
  else counts.set(key, count);
};

/** Per group counts that kiosks can be added to and taken from, one at a time. */
function createTally(kind: GroupKind) {
  const groups = new Map<string, Counting>();
  const count = (kiosk: KioskState, by: 1 | -1): void => {
    const group = kiosk[kind] ?? NO_GROUP;
    let counting = groups.get(group);
    if (!counting) {
      counting = {
        group,
        regions: new Map(),
        total: 0,
        online: 0,
        offline: 0,
        asleep: 0,
        unknown: 0,
        outOfPaper: 0,
        staleCatalogue: 0,
        versions: new Map(),
      };
      groups.set(group, counting);
    }
    counting.total += by;
    if (kind === 'store' && kiosk.region !== null) bump(counting.regions, kiosk.region, by);
    if (isAsleep(kiosk)) counting.asleep += by;
    else counting[kiosk.presence] += by;
    if (kiosk.health?.printerAvailable === false) counting.outOfPaper += by;
    if (isStale(kiosk)) counting.staleCatalogue += by;
    if (kiosk.version !== null) bump(counting.versions, kiosk.version, by);
    if (counting.total === 0) groups.delete(group);
  };
  const rows = (): GroupRollup[] =>
    [...groups.values()]
      .map((counting) => ({
        ...counting,
        regions: [...counting.regions.keys()].sort(),
        versions: [...counting.versions]
          .map(([version, count]) => ({ version, count }))
          .sort((a, b) => b.count - a.count || (a.version < b.version ? -1 : 1)),
      }))
      .sort((a, b) =>
        a.group === NO_GROUP ? 1 : b.group === NO_GROUP ? -1 : a.group < b.group ? -1 : 1,
      );
  return { count, rows };
}

export function rollupByGroup(kiosks: Iterable<KioskState>, kind: GroupKind): GroupRollup[] {
  const tally = createTally(kind);
  for (const kiosk of kiosks) tally.count(kiosk, 1);
  return tally.rows();
}

/**
 * rollupByGroup kept up to date: the same map answers again without counting, and a new
 * one is counted only for the kiosks that changed (kiosk-changes.ts), so 10,000 kiosks
 * cost a pass of identity checks a frame rather than a recount.
 */
export function createGroupRollup(): (
  kiosks: ReadonlyMap<string, KioskState>,
  kind: GroupKind,
) => GroupRollup[] {
  let last: {
    kiosks: ReadonlyMap<string, KioskState>;
    kind: GroupKind;
    tally: ReturnType<typeof createTally>;
    rows: GroupRollup[];
  } | null = null;
  return (kiosks, kind) => {
    if (last && last.kiosks === kiosks && last.kind === kind) return last.rows;
    let tally: ReturnType<typeof createTally>;
    if (last && last.kind === kind) {
      tally = last.tally;
      const { removed, added } = kioskChanges(last.kiosks, kiosks);
      for (const kiosk of removed) tally.count(kiosk, -1);
      for (const kiosk of added) tally.count(kiosk, 1);
    } else {
      tally = createTally(kind);
      for (const kiosk of kiosks.values()) tally.count(kiosk, 1);
    }
    const rows = tally.rows();
    last = { kiosks, kind, tally, rows };
    return rows;
  };
}

export interface GroupNames {
  regions: string[];
  stores: string[];
}

/**
 * groupNames that counts only the kiosks that changed since its last answer, and gives the
 * same object while the set of names is the same (so the filters draw again only then).
 */
export function createGroupNamer(): (kiosks: ReadonlyMap<string, KioskState>) => GroupNames {
  const regions = new Map<string, number>();
  const stores = new Map<string, number>();
  let last: { kiosks: ReadonlyMap<string, KioskState>; names: GroupNames } | null = null;
  const count = (kiosk: KioskState, by: 1 | -1): boolean => {
    let changed = false;
    for (const [counts, name] of [
      [regions, kiosk.region],
      [stores, kiosk.store],
    ] as const) {
      if (name === null) continue;
      const had = counts.has(name);
      bump(counts, name, by);
      if (had !== counts.has(name)) changed = true;
    }
    return changed;
  };
  return (kiosks) => {
    if (last?.kiosks === kiosks) return last.names;
    let changed = last === null;
    if (last === null) {
      for (const kiosk of kiosks.values()) count(kiosk, 1);
    } else {
      const { removed, added } = kioskChanges(last.kiosks, kiosks);
      for (const kiosk of removed) changed = count(kiosk, -1) || changed;
      for (const kiosk of added) changed = count(kiosk, 1) || changed;
    }
    const names =
      changed || last === null
        ? { regions: [...regions.keys()].sort(), stores: [...stores.keys()].sort() }
        : last.names;
    last = { kiosks, names };
    return names;
  };
}

/** The regions and stores the kiosks name, sorted, for the list's filters. */
export function groupNames(kiosks: Iterable<KioskState>): GroupNames {
  const regions = new Set<string>();
  const stores = new Set<string>();
  for (const kiosk of kiosks) {
    if (kiosk.region !== null) regions.add(kiosk.region);
    if (kiosk.store !== null) stores.add(kiosk.store);
  }
  return { regions: [...regions].sort(), stores: [...stores].sort() };
}
