/** The kiosks view's rows: which kiosks show, in which order. Pure, so it is tested alone. */
import type { KioskState, Presence } from './fleet-state';

export type SortKey =
  'id' | 'region' | 'store' | 'version' | 'screen' | 'memory' | 'catalogue' | 'lastSeen';
export type Show = 'all' | 'online' | 'offline' | 'attention';

export interface ListOptions {
  /** Matches the kiosk id, its version or its last error, case-insensitively. */
  query: string;
  show: Show;
  sort: SortKey;
  /** Offline (and not yet heard from) kiosks above the online ones, whatever the sort. */
  offlineFirst: boolean;
  /** Only this region's kiosks ('' = every region). */
  region?: string;
  /** Only this store's kiosks ('' = every store). */
  store?: string;
}

export const DEFAULT_LIST_OPTIONS: ListOptions = {
  query: '',
  show: 'all',
  sort: 'id',
  offlineFirst: true,
};

export const SORT_LABELS: Record<SortKey, string> = {
  id: 'Kiosk id',
  region: 'Region',
  store: 'Store',
  version: 'Version',
  screen: 'Screen',
  memory: 'Memory (highest first)',
  catalogue: 'Catalogue age (oldest first)',
  lastSeen: 'Last seen (longest ago first)',
};

export const SHOW_LABELS: Record<Show, string> = {
  all: 'All kiosks',
  online: 'Online',
  offline: 'Offline',
  attention: 'Needs attention',
};

/**
 * Offline (unless it went while asleep, its store closed), printer out, or an error logged:
 * what an operator should look at first. Asleep is normal, not a failure.
 */
export function needsAttention(kiosk: KioskState): boolean {
  return (
    (kiosk.presence !== 'online' && !(kiosk.presence === 'offline' && kiosk.asleep)) ||
    kiosk.health?.printerAvailable === false ||
    (kiosk.health?.lastError ?? null) !== null
  );
}

const PRESENCE_ORDER: Record<Presence, number> = { offline: 0, unknown: 1, online: 2 };

const byText = (a: string | null, b: string | null): number => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : a > b ? 1 : 0;
};

/** Larger first; unknown (null) last. */
const byNumberDescending = (a: number | null, b: number | null): number => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
};

const latestMemory = (kiosk: KioskState): number | null => kiosk.memoryTrend.at(-1) ?? null;

const COMPARE: Record<SortKey, (a: KioskState, b: KioskState) => number> = {
  id: () => 0,
  region: (a, b) => byText(a.region, b.region),
  store: (a, b) => byText(a.store, b.store),
  version: (a, b) => byText(a.version, b.version),
  screen: (a, b) => byText(a.health?.screen ?? null, b.health?.screen ?? null),
  memory: (a, b) => byNumberDescending(latestMemory(a), latestMemory(b)),
  catalogue: (a, b) =>
    byNumberDescending(
      a.health?.catalogue?.ageMinutes ?? null,
      b.health?.catalogue?.ageMinutes ?? null,
    ),
  // Longest ago first: the smallest time, with never-seen kiosks at the very top.
  lastSeen: (a, b) => (a.lastSeen ?? -1) - (b.lastSeen ?? -1),
};

function matches(kiosk: KioskState, query: string, options: ListOptions): boolean {
  const { show } = options;
  if (show === 'online' && kiosk.presence !== 'online') return false;
  if (show === 'offline' && kiosk.presence === 'online') return false;
  if (show === 'attention' && !needsAttention(kiosk)) return false;
  if (options.region && kiosk.region !== options.region) return false;
  if (options.store && kiosk.store !== options.store) return false;
  if (!query) return true;
  return (
    kiosk.id.toLowerCase().includes(query) ||
    (kiosk.store?.toLowerCase().includes(query) ?? false) ||
    (kiosk.region?.toLowerCase().includes(query) ?? false) ||
    (kiosk.version?.toLowerCase().includes(query) ?? false) ||
    (kiosk.health?.lastError?.toLowerCase().includes(query) ?? false)
  );
}

export function listKiosks(kiosks: Iterable<KioskState>, options: ListOptions): KioskState[] {
  const query = options.query.trim().toLowerCase();
  const compare = COMPARE[options.sort];
  const rows: KioskState[] = [];
  for (const kiosk of kiosks) if (matches(kiosk, query, options)) rows.push(kiosk);
  return rows.sort(
    (a, b) =>
      (options.offlineFirst ? PRESENCE_ORDER[a.presence] - PRESENCE_ORDER[b.presence] : 0) ||
      compare(a, b) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Whether a kiosk that changed keeps its place: same filter verdict, same sort position. */
function keepsPlace(before: KioskState, after: KioskState, query: string, options: ListOptions) {
  return (
    matches(before, query, options) === matches(after, query, options) &&
    (!options.offlineFirst || PRESENCE_ORDER[before.presence] === PRESENCE_ORDER[after.presence]) &&
    COMPARE[options.sort](before, after) === 0
  );
}

/**
 * listKiosks that remembers its last answer. Most frames change a few kiosks' health and
 * move nobody (sorted by id, a new memory figure changes no place), so the order of the
 * last listing is kept, with each kiosk's current state, instead of filtering and sorting
 * 1,000 kiosks again. It sorts afresh when a kiosk appears or goes, when one that changed
 * would move or change filter verdict, and when the options change.
 */
export function createKioskLister(): (
  kiosks: ReadonlyMap<string, KioskState>,
  options: ListOptions,
) => KioskState[] {
  let last: {
    kiosks: ReadonlyMap<string, KioskState>;
    options: ListOptions;
    rows: KioskState[];
  } | null = null;

  const reusable = (kiosks: ReadonlyMap<string, KioskState>, options: ListOptions): boolean => {
    if (!last || last.options !== options || last.kiosks.size !== kiosks.size) return false;
    const query = options.query.trim().toLowerCase();
    for (const [id, kiosk] of kiosks) {
      const before = last.kiosks.get(id);
      if (before === kiosk) continue;
      if (!before || !keepsPlace(before, kiosk, query, options)) return false;
    }
    return true;
  };

  return (kiosks, options) => {
    if (last && last.kiosks === kiosks && last.options === options) return last.rows;
    const rows =
      last && reusable(kiosks, options)
        ? last.rows.map((row) => kiosks.get(row.id) ?? row)
        : listKiosks(kiosks.values(), options);
    last = { kiosks, options, rows };
    return rows;
  };
}

export interface FleetSummary {
  total: number;
  online: number;
  offline: number;
  unknown: number;
}

export function summarise(kiosks: Iterable<KioskState>): FleetSummary {
  const summary: FleetSummary = { total: 0, online: 0, offline: 0, unknown: 0 };
  for (const kiosk of kiosks) {
    summary.total += 1;
    summary[kiosk.presence] += 1;
  }
  return summary;
}
