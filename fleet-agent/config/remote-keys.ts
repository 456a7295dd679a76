/**
 * The keys of a signed remote config, read by the kiosk's own table: each on its own, as
 * the fleet agent's envelope rules ask (RemoteKeyRules). A key the table does not let a
 * remote config set, or a value its schema refuses, is refused; so is a key the
 * machine-wide file locks, and a pinned version under the owner's update.minVersion.
 */
import { REFUSAL_REASONS } from '../../shared/fleet/payloads';
import type { RemoteKeyRules } from './config-envelope-rules';
import { isBelowMinimum } from '../../shared/kiosk-config/version-order';
import type { KioskConfig } from '../../shared/kiosk-config/config-keys';
import { validateConfigKeys } from '../../shared/kiosk-config/config-validate';

export interface RemoteKeyLimits {
  /** Keys the machine-wide file locks: a remote value for them is refused. */
  locks: () => readonly string[];
  /** update.minVersion in force ('' or absent: none): no remote pin may go under it. */
  minAppVersion?: () => string;
}

export function kioskRemoteKeys(limits: RemoteKeyLimits): RemoteKeyRules<KioskConfig> {
  return {
    check: (keys) => {
      const { values, problems } = validateConfigKeys(keys, 'remote');
      const reasons = problems.map(({ key: name, locked }) =>
        locked ? REFUSAL_REASONS.locked(name) : REFUSAL_REASONS.invalidValue(name || 'config'),
      );
      const locks = limits.locks();
      const refusedKeys = new Set<string>();
      for (const name of Object.keys(values)) {
        if (locks.includes(name)) {
          reasons.push(REFUSAL_REASONS.locked(name));
          refusedKeys.add(name);
        }
      }
      const pin = values['update.pinVersion'];
      if (
        pin !== undefined &&
        pin !== '' &&
        !refusedKeys.has('update.pinVersion') &&
        isBelowMinimum(pin, limits.minAppVersion?.() ?? '')
      ) {
        reasons.push(REFUSAL_REASONS.belowMinimumAppVersion('update.pinVersion'));
        refusedKeys.add('update.pinVersion');
      }
      // Built from values the validator accepted, less the ones refused above.
      const kept = Object.fromEntries(
        Object.entries(values).filter(([name]) => !refusedKeys.has(name)),
      ) as Partial<KioskConfig>;
      return { values: kept, reasons };
    },
  };
}
