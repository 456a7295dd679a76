/**
 * The fleet by region or by store: per group, how many kiosks are online (awake), offline,
 * asleep (closed on purpose), out of paper, on a stale catalogue, and which versions they
 * run. Pure, and memoised on the kiosks map: the fleet state gives a new map only when a
 * frame changed a kiosk, so thousands of kiosks are counted at most once a frame.
 */
import type { KioskState } from './fleet-state';

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
  regions: Set<string>;
}

export function rollupByGroup(kiosks: Iterable<KioskState>, kind: GroupKind): GroupRollup[] {
  const groups = new Map<string, Counting>();
  for (const kiosk of kiosks) {
    const group = kiosk[kind] ?? NO_GROUP;
    let counting = groups.get(group);
    if (!counting) {
      counting = {
        group,
        regions: new Set(),
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
    counting.total += 1;
    if (kind === 'store' && kiosk.region !== null) counting.regions.add(kiosk.region);
    if (isAsleep(kiosk)) counting.asleep += 1;
    else counting[kiosk.presence] += 1;
    if (kiosk.health?.printerAvailable === false) counting.outOfPaper += 1;
    if (isStale(kiosk)) counting.staleCatalogue += 1;
    if (kiosk.version !== null) {
      counting.versions.set(kiosk.version, (counting.versions.get(kiosk.version) ?? 0) + 1);
    }
  }
  return [...groups.values()]
    .map((counting) => ({
      ...counting,
      regions: [...counting.regions].sort(),
      versions: [...counting.versions]
        .map(([version, count]) => ({ version, count }))
        .sort((a, b) => b.count - a.count || (a.version < b.version ? -1 : 1)),
    }))
    .sort((a, b) =>
      a.group === NO_GROUP ? 1 : b.group === NO_GROUP ? -1 : a.group < b.group ? -1 : 1,
    );
}

/** rollupByGroup that answers again without counting while the kiosks map is the same. */
export function createGroupRollup(): (
  kiosks: ReadonlyMap<string, KioskState>,
  kind: GroupKind,
) => GroupRollup[] {
  let last: {
    kiosks: ReadonlyMap<string, KioskState>;
    kind: GroupKind;
    rows: GroupRollup[];
  } | null = null;
  return (kiosks, kind) => {
    if (last && last.kiosks === kiosks && last.kind === kind) return last.rows;
    const rows = rollupByGroup(kiosks.values(), kind);
    last = { kiosks, kind, rows };
    return rows;
  };
}

/** The regions and stores the kiosks name, sorted, for the list's filters. */
export function groupNames(kiosks: Iterable<KioskState>): { regions: string[]; stores: string[] } {
  const regions = new Set<string>();
  const stores = new Set<string>();
  for (const kiosk of kiosks) {
    if (kiosk.region !== null) regions.add(kiosk.region);
    if (kiosk.store !== null) stores.add(kiosk.store);
  }
  return { regions: [...regions].sort(), stores: [...stores].sort() };
}
