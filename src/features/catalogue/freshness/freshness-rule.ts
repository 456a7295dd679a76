import type { ProductsMeta } from './products-meta';

/** Why a cached catalogue should be fetched again between shoppers. */
export type StaleReason = 'unknown age' | 'too old' | 'another catalogue URL';

export interface FreshnessInput {
  /** Whether a usable list is cached: with none, the products page fetches it (spec §7). */
  cached: boolean;
  meta: ProductsMeta | null;
  catalogueUrl: string;
  /** null: never refresh (the web build keeps spec §7 exactly). */
  maxAgeMinutes: number | null;
  now: number;
}

/**
 * The kiosk's freshness decision, pure: a cached list is stale when its age is unknown
 * (cached before the kiosk kept its meta), older than the configured maximum, or fetched
 * from another catalogue URL than the one configured now. Null: keep it.
 */
export function staleReason({
  cached,
  meta,
  catalogueUrl,
  maxAgeMinutes,
  now,
}: FreshnessInput): StaleReason | null {
  if (maxAgeMinutes === null || !cached) return null;
  if (!meta) return 'unknown age';
  if (meta.url !== catalogueUrl) return 'another catalogue URL';
  // A clock set back makes a negative age: the list's real age is unknown, so fetch it.
  const age = now - meta.fetchedAt;
  if (age < 0 || age >= maxAgeMinutes * 60_000) return age < 0 ? 'unknown age' : 'too old';
  return null;
}
