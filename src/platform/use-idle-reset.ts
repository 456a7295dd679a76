import { useMemo, useSyncExternalStore } from 'react';
import { isUnattended, readBridgeConfig, type Capabilities } from './capabilities';
import { useCapabilities } from './capabilities-context';
import type { IdleReset } from './idle-reset';
import { liveIdleTimes } from './live-config';

/**
 * The idle reset in force: the one the page started with until main sends valid new idle
 * times. A staff laptop (`--windowed`) keeps none whatever the times say: its mode, like
 * every key but the idle times, waits for a relaunch.
 */
export function idleResetInForce(
  capabilities: Capabilities,
  live: IdleReset | null | undefined,
): IdleReset | null {
  const { bridge, kiosk } = capabilities;
  if (live === undefined || !bridge) return kiosk.idleReset;
  return isUnattended(readBridgeConfig(bridge)) ? live : kiosk.idleReset;
}

/** Main's new times before any has come: the launch's config. */
const asLaunched = (): undefined => undefined;

/**
 * The idle reset in force, following main's new idle times while the page runs. A change
 * reaches the idle prompt at once: its wait starts again on the new time (as a touch would
 * start it), and a question already open counts down what it showed.
 */
export function useIdleReset(): IdleReset | null {
  const capabilities = useCapabilities();
  const times = liveIdleTimes(capabilities.bridge);
  // A server render (the kiosk's launch screen) and React taking one over read the launch's
  // config, whenever main's new times arrive: then React renders again with them.
  const live = useSyncExternalStore(times.subscribe, times.current, asLaunched);
  return useMemo(() => idleResetInForce(capabilities, live), [capabilities, live]);
}
