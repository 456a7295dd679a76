/** Readers of query parameters: a bad value is a 400, never a default that hides it. */
import { HttpError } from './http-error';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/** `?limit=N`: 1–1000, default 100. */
export function limitOf(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_LIMIT;
  if (!/^[0-9]{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_LIMIT) {
    throw new HttpError(400, 'invalid-query', `limit: a whole number from 1 to ${MAX_LIMIT}.`);
  }
  return Number(raw);
}

/** A yes/no flag: `1`/`true` or `0`/`false`; absent is `fallback`. */
export function flagOf(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new HttpError(400, 'invalid-query', `${name}: 1 or 0.`);
}
