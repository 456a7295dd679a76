/**
 * An operator-issued token (`npm run shop-service -- token issue`), for a counter PC where
 * nobody types a password: kept in this browser's localStorage for the one service it was
 * given for, so the counter still works after a restart. Read back strictly: anything but a
 * token for this service is no token. Whoever can read this browser's storage can use the
 * token: issue one per machine, and revoke it the day the machine may be in the wrong hands.
 */
import { readJson, removeKey, writeRaw } from '@web-shared/lib/browser-storage';

export const TOKEN_STORAGE_KEY = 'fleet-console.service-token';
export const TOKEN_PATTERN = /^kst1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/;

/** The token kept for `base`, from what storage held; null for anything else. */
export function tokenFor(kept: unknown, base: string): string | null {
  if (typeof kept !== 'object' || kept === null || Array.isArray(kept)) return null;
  const { base: keptBase, token } = kept as Record<string, unknown>;
  return keptBase === base && typeof token === 'string' && TOKEN_PATTERN.test(token) ? token : null;
}

export function loadToken(base: string): string | null {
  return tokenFor(readJson(TOKEN_STORAGE_KEY), base);
}

/** False when the browser would not keep it (the counter then asks again after a reload). */
export function keepToken(base: string, token: string): boolean {
  return writeRaw(TOKEN_STORAGE_KEY, JSON.stringify({ base, token }));
}

export function forgetToken(): void {
  removeKey(TOKEN_STORAGE_KEY);
}
