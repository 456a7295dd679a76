/**
 * Which kiosks a staged rollout reaches: the whole fleet, a region, a store, a named list
 * (the canaries), or a percentage. A percentage is decided per kiosk by a hash of the
 * rollout id and the kiosk id, never by chance or by the order kiosks were seen, so every
 * console computes the same set, and the kiosks in 10 % are among those in 25 %.
 *
 * Region and store come from the operator-signed certificate only (shared/fleet/trust/certified-groups.ts,
 * handed in by the console's page, rollout-watch.ts): what a kiosk's own status says of its
 * groups never puts it in a store's or a region's rollout. A kiosk whose certificate names
 * none is in no region and no store (it is still in the fleet, a list and a percentage).
 */
import { z } from 'zod';
import { isValidKioskId } from '@shared/fleet/topics';

const groupName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[^\p{Cc}]*$/u);

/** At most this many kiosks in one named list. */
export const MAX_LISTED_KIOSKS = 200;

export const rolloutSelectorSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all') }),
  z.strictObject({ kind: z.literal('region'), region: groupName }),
  z.strictObject({ kind: z.literal('store'), store: groupName }),
  z.strictObject({
    kind: z.literal('kiosks'),
    kioskIds: z.array(z.string().refine(isValidKioskId)).min(1).max(MAX_LISTED_KIOSKS),
  }),
  /** Whole hundredths of a percent are enough: 0.01 % of 10,000 kiosks is one. */
  z.strictObject({ kind: z.literal('percentage'), percent: z.number().gt(0).max(100) }),
]);
export type RolloutSelector = z.infer<typeof rolloutSelectorSchema>;

/** What a selector needs to know of a kiosk. */
export interface KioskFacts {
  kioskId: string;
  store?: string;
  region?: string;
}

/** Buckets a percentage is counted in: 10,000, so 0.01 % steps. */
export const BUCKETS = 10_000;

/** FNV-1a over UTF-16 code units, 32 bits: small, stable in every runtime, no crypto needed. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The kiosk's bucket in this rollout, 0 to BUCKETS − 1: the same in every console. */
export function rolloutBucket(rolloutId: string, kioskId: string): number {
  return fnv1a(`${rolloutId}\u0000${kioskId}`) % BUCKETS;
}

/** Whether one kiosk is in what the selector names. */
export function selects(selector: RolloutSelector, rolloutId: string, kiosk: KioskFacts): boolean {
  switch (selector.kind) {
    case 'all':
      return true;
    case 'region':
      return kiosk.region === selector.region;
    case 'store':
      return kiosk.store === selector.store;
    case 'kiosks':
      return selector.kioskIds.includes(kiosk.kioskId);
    case 'percentage':
      return rolloutBucket(rolloutId, kiosk.kioskId) < Math.round(selector.percent * 100);
  }
}

/**
 * The kiosks of `fleet` a step reaches: those in `scope` and in any of `steps` (the steps so
 * far: a later step never drops a kiosk an earlier one reached). A percentage of a small
 * fleet that would reach nobody reaches the one kiosk with the lowest bucket, so a first
 * step of 10 % on five kiosks is one canary, not none. Sorted by kiosk id.
 */
export function selectKiosks(
  rolloutId: string,
  scope: RolloutSelector,
  steps: readonly RolloutSelector[],
  fleet: readonly KioskFacts[],
): string[] {
  const inScope = fleet.filter((kiosk) => selects(scope, rolloutId, kiosk));
  const chosen = new Set<string>();
  for (const step of steps) {
    const reached = inScope.filter((kiosk) => selects(step, rolloutId, kiosk));
    if (reached.length === 0 && step.kind === 'percentage' && inScope.length > 0) {
      const lowest = [...inScope].sort(
        (a, b) =>
          rolloutBucket(rolloutId, a.kioskId) - rolloutBucket(rolloutId, b.kioskId) ||
          a.kioskId.localeCompare(b.kioskId),
      )[0];
      if (lowest) chosen.add(lowest.kioskId);
    }
    for (const kiosk of reached) chosen.add(kiosk.kioskId);
  }
  return [...chosen].sort();
}

/** A kiosk's facts from the groups its certificate names (null: none). */
export function certifiedFacts(
  kioskId: string,
  groups: { store: string | null; region: string | null } | null,
): KioskFacts {
  return {
    kioskId,
    ...(groups?.store ? { store: groups.store } : {}),
    ...(groups?.region ? { region: groups.region } : {}),
  };
}
