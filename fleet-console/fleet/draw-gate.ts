/**
 * Holds the fleet's next commit while the kiosks view is still drawing the last one.
 *
 * The view draws the kiosks as a deferred value, in a render React pauses every few
 * milliseconds. A new kiosks map committed in one of those pauses restarts that render, and
 * the store's consistency check turns the restart into one render that does not pause at
 * all: at 10,000 kiosks, a task of a few hundred milliseconds while the fleet arrived. So
 * the frame batcher asks before it commits; the folding goes on meanwhile. A view that
 * never says it drew (gone, or a page that does not render) holds nothing past maxWaitMs.
 */
export interface DrawGate {
  /** A view that draws the kiosks came; the returned function says it went. */
  watch(): () => void;
  /** This kiosks map was just committed to the store. */
  committed(kiosks: object, now: number): void;
  /** The view drew this kiosks map. */
  drawn(kiosks: object): void;
  /** A commit now would come in the middle of a draw. */
  busy(now: number): boolean;
}

export const DRAW_WAIT_MS = 1000;

export function createDrawGate(maxWaitMs = DRAW_WAIT_MS): DrawGate {
  let viewers = 0;
  let drawing: { kiosks: object; since: number } | null = null;
  return {
    watch() {
      viewers += 1;
      let gone = false;
      return () => {
        if (gone) return;
        gone = true;
        viewers -= 1;
        if (viewers === 0) drawing = null;
      };
    },
    committed(kiosks, now) {
      drawing = viewers > 0 ? { kiosks, since: now } : null;
    },
    drawn(kiosks) {
      if (drawing?.kiosks === kiosks) drawing = null;
    },
    busy(now) {
      if (drawing && now - drawing.since >= maxWaitMs) drawing = null;
      return drawing !== null;
    },
  };
}
