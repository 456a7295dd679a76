/**
 * When the broker worker posts the page a new view of the fleet (fleet-viewer.ts): after
 * kiosk messages, at most every size / KIOSKS_PER_MS ms (every frame for a shop's few
 * kiosks, five times a second at 10,000), at once when the page asks for another view (a
 * search, a sort, a scroll: in the same task), and with every tick of the alerts' clock.
 */
import {
  ALERT_CLOCK_MS,
  createFleetViewer,
  isKioskMessage,
  type CertifiedChange,
  type FleetViewChange,
  type FleetViewer,
  type FleetViewRequest,
} from './fleet-viewer';
import type { ReadMessage } from '../protocol/read-message';

const KIOSKS_PER_MS = 50;
const MIN_INTERVAL_MS = 16;
const MAX_INTERVAL_MS = 200;

export interface ViewPoster {
  fold(messages: readonly ReadMessage[]): void;
  ask(request: FleetViewRequest): void;
  /** Kiosks whose certificate in force changed: posted like kiosk messages. */
  certify(change: CertifiedChange): void;
  /** Stops the timers (the worker is closing, or a test is done). */
  stop(): void;
}

export interface ViewPosterOptions {
  post(view: FleetViewChange): void;
  viewer?: FleetViewer;
  setTimer?: (run: () => void, ms: number) => () => void;
  setClock?: (run: () => void, ms: number) => () => void;
}

const timer = (run: () => void, ms: number): (() => void) => {
  const handle = setTimeout(run, ms);
  return () => clearTimeout(handle);
};
const clock = (run: () => void, ms: number): (() => void) => {
  const handle = setInterval(run, ms);
  return () => clearInterval(handle);
};

export function createViewPoster(options: ViewPosterOptions): ViewPoster {
  const viewer = options.viewer ?? createFleetViewer();
  const setTimer = options.setTimer ?? timer;
  let cancel: (() => void) | null = null;
  /** When the next post is due (ms from now is worked out when scheduling). */
  let dueIn: number | null = null;

  function postNow(): void {
    cancel = null;
    dueIn = null;
    const change = viewer.take();
    if (change) options.post(change);
    // A fleet arriving is posted a few hundred kiosks at a time, a frame apart.
    if (viewer.behind()) schedule(MIN_INTERVAL_MS);
  }
  function schedule(ms: number): void {
    if (cancel && dueIn !== null && dueIn <= ms) return;
    cancel?.();
    dueIn = ms;
    cancel = setTimer(postNow, ms);
  }
  const stopClock = (options.setClock ?? clock)(() => schedule(0), ALERT_CLOCK_MS);

  return {
    fold(messages) {
      const kiosk = messages.filter(isKioskMessage);
      if (kiosk.length === 0) return;
      viewer.fold(kiosk);
      const interval = Math.min(MAX_INTERVAL_MS, viewer.size() / KIOSKS_PER_MS);
      schedule(Math.max(MIN_INTERVAL_MS, interval));
    },
    certify(change) {
      if (change.certified.length === 0) return;
      viewer.certify(change);
      schedule(MIN_INTERVAL_MS);
    },
    ask(request) {
      viewer.ask(request);
      // Answered in this task, not after a timer: a search's rows must not wait behind the
      // broker's messages queued in the worker meanwhile.
      cancel?.();
      postNow();
    },
    stop() {
      cancel?.();
      cancel = null;
      stopClock();
    },
  };
}
