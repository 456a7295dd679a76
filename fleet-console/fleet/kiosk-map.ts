/**
 * The page's kiosks, as an immutable map that shares what a change leaves alone. The
 * broker worker posts a few hundred changed kiosks at a time; a plain Map copied for each
 * post made a new 10,000-entry table every time, garbage large enough to go straight to the
 * old generation, and the collections that cleared it were the page's longest tasks while a
 * fleet arrived (30–60 ms, in a profile of the cluster bench). Here the kiosks sit in many
 * small buckets by a hash of their id: a change copies only the buckets it touches, and two
 * maps that share a bucket hold the same kiosks there (kiosk-changes.ts skips it).
 */
import type { KioskState } from './fleet-state';

/** About two kiosks a bucket at 10,000: a post of 300 changes copies a few percent. */
const BUCKETS = 4096;

type Bucket = ReadonlyMap<string, KioskState>;

const NO_KIOSKS: Bucket = new Map();

/** FNV-1a over the id's UTF-16 code units, into a bucket. */
export function bucketOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index += 1) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % BUCKETS;
}

export class KioskMap implements ReadonlyMap<string, KioskState> {
  static readonly EMPTY = new KioskMap(new Array<Bucket>(BUCKETS).fill(NO_KIOSKS), 0);

  /** The same kiosks as `kiosks`, in buckets. */
  static from(kiosks: ReadonlyMap<string, KioskState>): KioskMap {
    return kiosks instanceof KioskMap ? kiosks : KioskMap.EMPTY.with([...kiosks.values()], []);
  }

  private constructor(
    /** Never changed once the map is made: a change makes new buckets. */
    readonly buckets: readonly Bucket[],
    readonly size: number,
  ) {}

  get(id: string): KioskState | undefined {
    return this.buckets[bucketOf(id)]?.get(id);
  }

  has(id: string): boolean {
    return this.buckets[bucketOf(id)]?.has(id) ?? false;
  }

  /** A map with these kiosks set (by id) and these ids gone, sharing every bucket neither touches. */
  with(set: readonly KioskState[], gone: readonly string[]): KioskMap {
    if (set.length === 0 && gone.length === 0) return this;
    const buckets = [...this.buckets];
    const copied = new Set<number>();
    const own = (index: number): Map<string, KioskState> => {
      if (!copied.has(index)) {
        buckets[index] = new Map(buckets[index]);
        copied.add(index);
      }
      return buckets[index] as Map<string, KioskState>;
    };
    let size = this.size;
    for (const id of gone) {
      const index = bucketOf(id);
      if (buckets[index]?.has(id)) {
        own(index).delete(id);
        size -= 1;
      }
    }
    for (const kiosk of set) {
      const bucket = own(bucketOf(kiosk.id));
      if (!bucket.has(kiosk.id)) size += 1;
      bucket.set(kiosk.id, kiosk);
    }
    return new KioskMap(buckets, size);
  }

  *entries(): MapIterator<[string, KioskState]> {
    for (const bucket of this.buckets) if (bucket.size > 0) yield* bucket.entries();
  }

  *keys(): MapIterator<string> {
    for (const bucket of this.buckets) if (bucket.size > 0) yield* bucket.keys();
  }

  /** Made when first asked for: a new sort walks every kiosk, and the map never changes. */
  private all: KioskState[] | undefined;

  values(): MapIterator<KioskState> {
    if (!this.all) {
      const all: KioskState[] = [];
      for (const bucket of this.buckets) for (const kiosk of bucket.values()) all.push(kiosk);
      this.all = all;
    }
    return this.all.values();
  }

  [Symbol.iterator](): MapIterator<[string, KioskState]> {
    return this.entries();
  }

  forEach(
    run: (kiosk: KioskState, id: string, map: ReadonlyMap<string, KioskState>) => void,
  ): void {
    for (const [id, kiosk] of this.entries()) run(kiosk, id, this);
  }
}
