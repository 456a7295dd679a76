/**
 * How many kiosks a reader of the whole fleet keeps (the console's worker, the exporter),
 * and which: any login that may publish a status (the operator's, a will keeper's on a
 * cluster, a kiosk's for its own id) can name any number of ids, and a reader that kept
 * them all would grow without end, or, stopping at a limit, lose the real kiosks behind a
 * flood of invented ones. So at most MAX_FLEET_KIOSKS are kept, and enrolled kiosks (a
 * verified certificate names them) come first: once the limit is reached an unenrolled id
 * gives way to an enrolled one, the longest kept first, and a new unenrolled id is dropped.
 * The reader counts what it dropped and says why.
 */

/** The most kiosks the console and the exporter keep: twice the largest fleet tested. */
export const MAX_FLEET_KIOSKS = 20_000;

export type Admission =
  /** Kept; `evict` is the unenrolled kiosk it takes the place of, if one had to go. */
  | { keep: true; evict: string | null }
  /** Not kept: the limit is reached and it is not enrolled (or nothing may give way). */
  | { keep: false };

export interface KioskBound {
  readonly max: number;
  /** Whether this id is kept. */
  has(id: string): boolean;
  /** Whether to keep an id (kept already: yes), and which unenrolled one goes for it. */
  admit(id: string): Admission;
  /** The reader let it go (its status was cleared, or it was evicted elsewhere). */
  forget(id: string): void;
  /** Its enrolment changed (a certificate verified, or was revoked). */
  setEnrolled(id: string, enrolled: boolean): void;
  size(): number;
}

export function createKioskBound(
  isEnrolled: (id: string) => boolean,
  max: number = MAX_FLEET_KIOSKS,
): KioskBound {
  const kept = new Set<string>();
  /** The kept kiosks that are not enrolled, longest kept first. */
  const unenrolled = new Set<string>();
  const keep = (id: string): void => {
    kept.add(id);
    if (!isEnrolled(id)) unenrolled.add(id);
  };
  return {
    max,
    has: (id) => kept.has(id),
    admit(id) {
      if (kept.has(id)) return { keep: true, evict: null };
      if (kept.size < max) {
        keep(id);
        return { keep: true, evict: null };
      }
      if (!isEnrolled(id)) return { keep: false };
      const evict = unenrolled.values().next();
      if (evict.done) return { keep: false };
      kept.delete(evict.value);
      unenrolled.delete(evict.value);
      keep(id);
      return { keep: true, evict: evict.value };
    },
    forget(id) {
      kept.delete(id);
      unenrolled.delete(id);
    },
    setEnrolled(id, enrolled) {
      if (!kept.has(id)) return;
      if (enrolled) unenrolled.delete(id);
      else unenrolled.add(id);
    },
    size: () => kept.size,
  };
}
