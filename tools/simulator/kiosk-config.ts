/**
 * The config a simulated kiosk runs with: the kiosk's own defaults, every value from the
 * defaults layer, and a signed remote config read by the kiosk's own key rules, so what the
 * simulator takes or refuses is what a kiosk would.
 */
import {
  DEFAULT_CONFIG,
  type ConfigKey,
  type KioskConfig,
} from '../../shared/kiosk-config/config-keys';
import { kioskRemoteKeys } from '../../fleet-agent/config/remote-keys';
import type { RemoteKeyRules } from '../../fleet-agent/config/config-envelope-rules';

export type SimulatedConfig = KioskConfig;

/** The config in force, and the layer each value came from (all the defaults). */
export function simulatedConfig(): {
  values: KioskConfig;
  sources: Record<ConfigKey, 'defaults'>;
} {
  return {
    values: DEFAULT_CONFIG,
    sources: Object.fromEntries(
      Object.keys(DEFAULT_CONFIG).map((key) => [key, 'defaults']),
    ) as Record<ConfigKey, 'defaults'>,
  };
}

/** The kiosk's key rules, with nothing locked (a simulated kiosk has no machine-wide file). */
export const SIMULATED_KEY_RULES: RemoteKeyRules<KioskConfig> = kioskRemoteKeys({
  locks: () => [],
});
