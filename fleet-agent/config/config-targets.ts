/**
 * How the signed configs of one kiosk's four audiences stack: the nearer target wins, key by
 * key (kiosk > store > region > fleet). Each becomes a `remote` layer, nearest first; the
 * layer merge (config-layers.ts) keeps same-named layers in the order given, so the first
 * holding a key wins, and every file, flag and variable still stands above all of them.
 */
import { TARGET_PRECEDENCE } from '../../shared/fleet/groups';
import type { RemoteScope } from './config-envelope-rules';

/** One audience's config in force, as a layer of the kiosk's config merge. */
export interface RemoteLayer<Values> {
  name: 'remote';
  /** The topic it came on, for the config's log lines and diagnostics. */
  where: string;
  values: Values;
}

/** The audiences nearest first, as scopes of the config topics. */
export const SCOPES_NEAREST_FIRST: readonly RemoteScope[] = TARGET_PRECEDENCE;

/** The remote layers in force, nearest first; a scope with nothing in force has no layer. */
export function remoteLayersNearestFirst<Values>(
  values: Readonly<Record<RemoteScope, Values | null>>,
  where: (scope: RemoteScope) => string,
): RemoteLayer<Values>[] {
  return SCOPES_NEAREST_FIRST.flatMap((scope) => {
    const layer = values[scope];
    return layer ? [{ name: 'remote' as const, where: where(scope), values: layer }] : [];
  });
}

/** The version in force: the nearest scope's that has a config in force; null: none. */
export function versionInForce(
  inForce: Readonly<Record<RemoteScope, boolean>>,
  versions: Readonly<Record<RemoteScope, number | null>>,
): number | null {
  for (const scope of SCOPES_NEAREST_FIRST) {
    const version = versions[scope];
    if (inForce[scope] && version !== null) return version;
  }
  return null;
}
