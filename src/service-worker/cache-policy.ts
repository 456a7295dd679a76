/**
 * What the service worker keeps of an image, and when a kept copy may answer: pure
 * decisions, so each is tested on its own (cache-policy.test.ts) and sw.ts only carries
 * them out. No error is ever pinned:
 *
 * - An answer whose status the worker can read (same origin, or another host that allows
 *   CORS) is kept only when it is 2xx with an image Content-Type. It then answers from the
 *   cache for IMAGE_MAX_AGE_MS; after that the network is asked first, and the old copy
 *   answers only when the network fails.
 * - An opaque answer (another host without CORS: status and type unreadable, so it may be
 *   a 404 page or a captive portal's) is never served while the network answers: every
 *   view asks the network again, so a failed image is retried at the next view. The copy
 *   is kept only to show offline, for OPAQUE_MAX_AGE_MS, and never replaces a copy known
 *   to be good.
 * - Any other answer (404, 500, HTML) is shown once and not kept.
 */

/** A good copy (status and type known) answers without asking for a week. */
export const IMAGE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** An opaque copy answers only offline, and only for a day. */
export const OPAQUE_MAX_AGE_MS = 24 * 60 * 60_000;

/** 'ok': a 2xx image the worker could read; 'opaque': an answer it could not. */
export type StoredKind = 'ok' | 'opaque';

/** What the worker records beside each kept image. */
export interface StoredImage {
  kind: StoredKind;
  /** When it was kept, in ms since the epoch. */
  storedAt: number;
}

/** The parts of a Response the decisions read. */
export interface ImageAnswer {
  type: string;
  ok: boolean;
  headers: { get(name: string): string | null };
}

/** How a network answer may be kept, or null when it must not be. */
export function keepAs(answer: ImageAnswer): StoredKind | null {
  if (answer.type === 'opaque') return 'opaque';
  if (answer.type !== 'basic' && answer.type !== 'cors') return null;
  const type = (answer.headers.get('Content-Type') ?? '').trim().toLowerCase();
  return answer.ok && type.startsWith('image/') ? 'ok' : null;
}

/**
 * How a kept copy may answer a view now:
 * - 'serve': from the cache, without asking the network;
 * - 'fallback': ask the network first; the copy answers only if the network fails;
 * - 'drop': too old to answer at all.
 * A time in the future (a clock set back) counts as stale.
 */
export function cachedUse(stored: StoredImage, now: number): 'serve' | 'fallback' | 'drop' {
  const age = now - stored.storedAt;
  if (stored.kind === 'ok') return age >= 0 && age < IMAGE_MAX_AGE_MS ? 'serve' : 'fallback';
  return age >= 0 && age < OPAQUE_MAX_AGE_MS ? 'fallback' : 'drop';
}

/** Whether a keepable answer replaces what is kept: an opaque one never replaces a good one. */
export function replaces(kept: StoredImage | null, answer: StoredKind): boolean {
  return !(answer === 'opaque' && kept?.kind === 'ok');
}

/** The record kept beside an image, or null when it is unreadable (the copy is then dropped). */
export function parseStoredImage(text: string): StoredImage | null {
  try {
    const value = JSON.parse(text) as Partial<StoredImage> | null;
    if (value?.kind !== 'ok' && value?.kind !== 'opaque') return null;
    if (typeof value.storedAt !== 'number' || !Number.isFinite(value.storedAt)) return null;
    return { kind: value.kind, storedAt: value.storedAt };
  } catch {
    return null;
  }
}

/**
 * Whether to ask another host for an image in CORS mode first (its status is then
 * readable) rather than as the page asked (no-cors, opaque). Not for the worker's own
 * origin, a request already in CORS mode, or a host known to refuse CORS.
 */
export function tryCorsFirst(
  url: string,
  workerOrigin: string,
  requestMode: string,
  refusesCors: ReadonlySet<string>,
): boolean {
  const { origin } = new URL(url);
  return origin !== workerOrigin && requestMode === 'no-cors' && !refusesCors.has(origin);
}

/** The worker's caches of older versions (any `shop-` cache this version does not use). */
export function staleCaches(names: readonly string[], current: readonly string[]): string[] {
  return names.filter((name) => name.startsWith('shop-') && !current.includes(name));
}
