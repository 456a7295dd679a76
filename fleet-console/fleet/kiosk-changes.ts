/**
 * Which kiosks one fleet state changed from the last: the fold copies the kiosks map but
 * keeps every untouched kiosk's object, so a pass of identity checks finds the few that
 * changed among 10,000, and the derived views (list order, rollups, alerts) redo only those.
 */
import type { KioskState } from './fleet-state';
import { KioskMap } from './kiosk-map';

export interface KioskChanges {
  /** Kiosks as they were, for each one changed or gone. */
  readonly removed: readonly KioskState[];
  /** Kiosks as they are now, for each one changed or new. */
  readonly added: readonly KioskState[];
}

/** The last answer: the list and the rollups ask about the same two states in one render. */
let last: {
  before: ReadonlyMap<string, KioskState>;
  after: ReadonlyMap<string, KioskState>;
  changes: KioskChanges;
} | null = null;

export function kioskChanges(
  before: ReadonlyMap<string, KioskState>,
  after: ReadonlyMap<string, KioskState>,
): KioskChanges {
  if (last?.before === before && last.after === after) return last.changes;
  const changes = findChanges(before, after);
  last = { before, after, changes };
  return changes;
}

function findChanges(
  before: ReadonlyMap<string, KioskState>,
  after: ReadonlyMap<string, KioskState>,
): KioskChanges {
  if (before instanceof KioskMap && after instanceof KioskMap) return changedBuckets(before, after);
  const removed: KioskState[] = [];
  const added: KioskState[] = [];
  let kept = 0;
  for (const [id, kiosk] of after) {
    const was = before.get(id);
    if (was !== undefined) kept += 1;
    if (was === kiosk) continue;
    if (was !== undefined) removed.push(was);
    added.push(kiosk);
  }
  // Some went: only then is the old map walked for them.
  if (kept < before.size) {
    for (const [id, kiosk] of before) if (!after.has(id)) removed.push(kiosk);
  }
  return { removed, added };
}

/** The same, bucket by bucket: a bucket the two maps share holds no change. */
function changedBuckets(before: KioskMap, after: KioskMap): KioskChanges {
  const removed: KioskState[] = [];
  const added: KioskState[] = [];
  after.buckets.forEach((bucket, index) => {
    const was = before.buckets[index];
    if (was === bucket || !was) return;
    for (const [id, kiosk] of bucket) {
      const old = was.get(id);
      if (old === kiosk) continue;
      if (old !== undefined) removed.push(old);
      added.push(kiosk);
    }
    for (const [id, kiosk] of was) if (!bucket.has(id)) removed.push(kiosk);
  });
  return { removed, added };
}
