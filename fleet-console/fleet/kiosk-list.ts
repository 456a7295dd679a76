/** The kiosks view's rows: which kiosks show, in which order. Pure, so it is tested alone. */
import type { KioskState, Presence } from './fleet-state';
import { kioskChanges } from './kiosk-changes';

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

/** Offline first, then those never heard from, then online. */
export const PRESENCE_ORDER: Record<Presence, number> = { offline: 0, unknown: 1, online: 2 };

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

/**
 * How each order other than the id's sorts: the key it reads and how its values go (texts
 * by code unit with none last, figures largest first with none last, or plain ascending).
 * The one place a sort key is defined, for the comparator here and for the counting pass of
 * kiosk-order.ts.
 */
export type SortBy =
  | { rank: 'text'; key: (kiosk: KioskState) => string | null }
  | { rank: 'descending'; key: (kiosk: KioskState) => number | null }
  | { rank: 'ascending'; key: (kiosk: KioskState) => number };

export const SORT_KEYS: Readonly<Record<Exclude<SortKey, 'id'>, SortBy>> = {
  region: { rank: 'text', key: (kiosk) => kiosk.region },
  store: { rank: 'text', key: (kiosk) => kiosk.store },
  version: { rank: 'text', key: (kiosk) => kiosk.version },
  screen: { rank: 'text', key: (kiosk) => kiosk.health?.screen ?? null },
  memory: { rank: 'descending', key: (kiosk) => kiosk.memoryTrend.at(-1) ?? null },
  catalogue: { rank: 'descending', key: (kiosk) => kiosk.health?.catalogue?.ageMinutes ?? null },
  // Longest ago first: the smallest time, with never-seen kiosks at the very top.
  lastSeen: { rank: 'ascending', key: (kiosk) => kiosk.lastSeen ?? -1 },
};

function compareBy(sort: SortKey): (a: KioskState, b: KioskState) => number {
  if (sort === 'id') return () => 0;
  const by = SORT_KEYS[sort];
  switch (by.rank) {
    case 'text':
      return (a, b) => byText(by.key(a), by.key(b));
    case 'descending':
      return (a, b) => byNumberDescending(by.key(a), by.key(b));
    case 'ascending':
      return (a, b) => by.key(a) - by.key(b);
  }
}

/**
 * Each kiosk's searchable texts, lower-cased once and joined into one string: a state is
 * never changed, only replaced (kiosk-changes.ts), so a search over 10,000 kiosks
 * lower-cases only those that changed since the last one, not 50,000 strings a key press,
 * and asks one string per kiosk, not five. The texts are joined by a character no one
 * types, so a query never matches across two of them.
 */
const SEPARATOR = '\u0000';
const searchTexts = new WeakMap<KioskState, string>();

const searchFieldsOf = (kiosk: KioskState): string[] =>
  [kiosk.id, kiosk.store, kiosk.region, kiosk.version, kiosk.health?.lastError]
    .filter((part): part is string => typeof part === 'string')
    .map((part) => part.toLowerCase());

function searchTextOf(kiosk: KioskState): string {
  let text = searchTexts.get(kiosk);
  if (text === undefined) {
    text = searchFieldsOf(kiosk).join(SEPARATOR);
    searchTexts.set(kiosk, text);
  }
  return text;
}

/** Whether a kiosk shows under the options; `query` is the options' query, trimmed and lower-cased. */
export function matches(kiosk: KioskState, query: string, options: ListOptions): boolean {
  const { show } = options;
  if (show === 'online' && kiosk.presence !== 'online') return false;
  if (show === 'offline' && kiosk.presence === 'online') return false;
  if (show === 'attention' && !needsAttention(kiosk)) return false;
  if (options.region && kiosk.region !== options.region) return false;
  if (options.store && kiosk.store !== options.store) return false;
  if (!query) return true;
  // A query holding the separator (pasted, never typed) is asked of each text alone.
  if (query.includes(SEPARATOR)) return searchFieldsOf(kiosk).some((part) => part.includes(query));
  return searchTextOf(kiosk).includes(query);
}

export const queryOf = (options: ListOptions): string => options.query.trim().toLowerCase();

/** No search and no filter: every kiosk shows. */
export const showsAll = (options: ListOptions): boolean =>
  queryOf(options) === '' && options.show === 'all' && !options.region && !options.store;

/** The list's order: offline first (when asked), then the chosen key, then the id. */
export function listOrder(options: ListOptions): (a: KioskState, b: KioskState) => number {
  const compare = compareBy(options.sort);
  return (a, b) =>
    (options.offlineFirst ? PRESENCE_ORDER[a.presence] - PRESENCE_ORDER[b.presence] : 0) ||
    compare(a, b) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function listKiosks(kiosks: Iterable<KioskState>, options: ListOptions): KioskState[] {
  const query = queryOf(options);
  const rows: KioskState[] = [];
  for (const kiosk of kiosks) if (matches(kiosk, query, options)) rows.push(kiosk);
  return rows.sort(listOrder(options));
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

/**
 * summarise that counts only the kiosks that changed since its last answer (kiosk-changes.ts),
 * and gives the same object while the counts are the same.
 */
export function createSummariser(): (kiosks: ReadonlyMap<string, KioskState>) => FleetSummary {
  let last: { kiosks: ReadonlyMap<string, KioskState>; summary: FleetSummary } | null = null;
  return (kiosks) => {
    if (last?.kiosks === kiosks) return last.summary;
    let summary: FleetSummary;
    if (last === null) {
      summary = summarise(kiosks.values());
    } else {
      const { removed, added } = kioskChanges(last.kiosks, kiosks);
      summary = { ...last.summary };
      for (const kiosk of removed) {
        summary.total -= 1;
        summary[kiosk.presence] -= 1;
      }
      for (const kiosk of added) {
        summary.total += 1;
        summary[kiosk.presence] += 1;
      }
      const before = last.summary;
      if ((Object.keys(summary) as (keyof FleetSummary)[]).every((k) => summary[k] === before[k])) {
        summary = before;
      }
    }
    last = { kiosks, summary };
    return summary;
  };
}
