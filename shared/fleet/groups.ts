/**
 * Groups of kiosks: a kiosk belongs to a store, and a store to a region. Both are group ids
 * (`[A-Za-z0-9_-]{1,64}`, like a kiosk id), so each can name an MQTT topic segment that no
 * `+`, `#` or `/` can widen.
 *
 * A signed config names its audience with a target: `all` (the fleet), `region:<id>`,
 * `store:<id>`, or a kiosk id. A kiosk id never holds a `:`, so the forms cannot be mixed up.
 * The nearer target wins key by key: kiosk > store > region > fleet.
 */
import { ALL_KIOSKS, isValidKioskId } from './topics';

const GROUP_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A store's or a region's id: 1–64 letters, digits, `-` or `_`. */
export function isValidGroupId(id: string): boolean {
  return GROUP_ID_PATTERN.test(id);
}

export type GroupKind = 'store' | 'region';

/** The groups one kiosk belongs to; null where it belongs to none. */
export interface KioskGroups {
  store: string | null;
  region: string | null;
}

export const NO_GROUPS: KioskGroups = { store: null, region: null };

export type ConfigTarget =
  | { kind: 'fleet' }
  | { kind: 'region'; id: string }
  | { kind: 'store'; id: string }
  | { kind: 'kiosk'; id: string };

/** The audiences of signed config, nearest first: a nearer one's key wins. */
export const TARGET_PRECEDENCE = ['kiosk', 'store', 'region', 'fleet'] as const;

/** Reads a config's `target`; null when it is none of the four forms. */
export function parseConfigTarget(text: string): ConfigTarget | null {
  if (text === ALL_KIOSKS) return { kind: 'fleet' };
  for (const kind of ['region', 'store'] as const) {
    const head = `${kind}:`;
    if (text.startsWith(head)) {
      const id = text.slice(head.length);
      return isValidGroupId(id) ? { kind, id } : null;
    }
  }
  return isValidKioskId(text) ? { kind: 'kiosk', id: text } : null;
}

/** The target text that addresses one group: `store:lyon-1`, `region:eu-west`. */
export function groupTarget(kind: GroupKind, id: string): string {
  if (!isValidGroupId(id)) throw new Error(`invalid ${kind} id`);
  return `${kind}:${id}`;
}
