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

/**
 * The idle reset in force, following main's new idle times while the page runs. A change
 * reaches the idle prompt at once: its wait starts again on the new time (as a touch would
 * start it), and a question already open counts down what it showed.
 */
export function useIdleReset(): IdleReset | null {
  const capabilities = useCapabilities();
  const times = liveIdleTimes(capabilities.bridge);
  // The same in the server renderer that keeps the kiosk's launch screen.
  const live = useSyncExternalStore(times.subscribe, times.current, times.current);
  return useMemo(() => idleResetInForce(capabilities, live), [capabilities, live]);
}
