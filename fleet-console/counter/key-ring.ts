/**
 * The receipt-signing public keys this console has seen in kiosks' online statuses, kept in
 * localStorage. A kiosk's Last Will replaces its retained status (and the key in it) when it
 * goes offline, and a reinstalled kiosk has a new key: the counter must still check a
 * receipt printed before either. Only a kiosk may publish its own status (the broker's ACL),
 * so every key here came from that kiosk.
 */
import { readJson, writeRaw } from '@web-shared/lib/browser-storage';
import { isJsonObject } from '../protocol/config-envelope';
import { isValidKioskId } from '@shared/fleet/topics';

export const KEY_RING_STORAGE_KEY = 'fleet-console.kiosk-keys';
/** Keys kept per kiosk, newest first. */
export const KEYS_PER_KIOSK = 5;

export type KeyRing = Readonly<Record<string, readonly string[]>>;

const PUBLIC_KEY = /^[A-Za-z0-9_-]{43}$/;

/** A stored ring, with anything malformed dropped. */
export function parseKeyRing(value: unknown): KeyRing {
  if (!isJsonObject(value)) return {};
  const ring: Record<string, string[]> = {};
  for (const [kioskId, keys] of Object.entries(value)) {
    if (!isValidKioskId(kioskId) || !Array.isArray(keys)) continue;
    const valid = keys.filter(
      (key): key is string => typeof key === 'string' && PUBLIC_KEY.test(key),
    );
    if (valid.length > 0) ring[kioskId] = valid.slice(0, KEYS_PER_KIOSK);
  }
  return ring;
}

/** The ring with these current keys first; the same object when nothing is new. */
export function rememberKeys(
  ring: KeyRing,
  current: Iterable<{ id: string; publicKey: string | null }>,
): KeyRing {
  let next: Record<string, readonly string[]> | null = null;
  for (const { id, publicKey } of current) {
    if (!publicKey || !PUBLIC_KEY.test(publicKey)) continue;
    const known = (next ?? ring)[id] ?? [];
    if (known[0] === publicKey) continue;
    next ??= { ...ring };
    next[id] = [publicKey, ...known.filter((key) => key !== publicKey)].slice(0, KEYS_PER_KIOSK);
  }
  return next ?? ring;
}

/**
 * The kiosks whose public key differs from what `previous` had: all rememberKeys needs to
 * see after a frame's messages. Most entries of a new map are the same objects as before
 * (only kiosks that spoke were replaced), so this is a pass of identity checks, not 1,000
 * key checks on every frame.
 */
export function withChangedKeys<K extends { publicKey: string | null }>(
  previous: ReadonlyMap<string, K>,
  current: ReadonlyMap<string, K>,
): K[] {
  const changed: K[] = [];
  for (const [id, kiosk] of current) {
    const before = previous.get(id);
    if (before === kiosk || kiosk.publicKey === null || before?.publicKey === kiosk.publicKey) {
      continue;
    }
    changed.push(kiosk);
  }
  return changed;
}

/** The keys to try for a kiosk: the one in its current status first, then remembered ones. */
export function keysFor(ring: KeyRing, kioskId: string, current: string | null): string[] {
  const remembered = ring[kioskId] ?? [];
  return current ? [current, ...remembered.filter((key) => key !== current)] : [...remembered];
}

export function loadKeyRing(): KeyRing {
  return parseKeyRing(readJson(KEY_RING_STORAGE_KEY));
}

export function saveKeyRing(ring: KeyRing): void {
  writeRaw(KEY_RING_STORAGE_KEY, JSON.stringify(ring));
}
