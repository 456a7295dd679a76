/**
 * The session cookie: the session's id and what the routes need to know about its holder
 * (name, role), signed with HMAC-SHA256 under a secret every replica reads from the
 * database. A request is let in on the cookie alone until `checkAt`; after that the
 * session is looked up again (still there, holder not disabled) and the cookie renewed.
 * So a logout or a disabled login takes effect within RECHECK_MS on every replica, and
 * most requests cost no database round trip.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StaffRole } from '../db/tables';

export const COOKIE_NAME = 'shop_session';
/** A shift and then some: a session ends after this, whatever happens. */
export const SESSION_MS = 12 * 60 * 60_000;
/** How long a cookie is trusted before its session is looked up again. */
export const RECHECK_MS = 60_000;

export interface SessionClaims {
  /** Session id. */
  s: string;
  /** Username. */
  u: string;
  /** Name as staff see it. */
  n: string;
  r: StaffRole;
  /** When the session ends. */
  e: number;
  /** When the session must be looked up again. */
  c: number;
}

const sign = (secret: Buffer, body: string): string =>
  createHmac('sha256', secret).update(body).digest('base64url');

export function encodeSessionCookie(claims: SessionClaims, secret: Buffer): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `v1.${body}.${sign(secret, body)}`;
}

function isClaims(value: unknown): value is SessionClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.s === 'string' &&
    typeof claims.u === 'string' &&
    typeof claims.n === 'string' &&
    (claims.r === 'counter' || claims.r === 'operator') &&
    Number.isSafeInteger(claims.e) &&
    Number.isSafeInteger(claims.c)
  );
}

/** The claims of a cookie this service signed, or null (forged, altered, malformed). */
export function decodeSessionCookie(value: string, secret: Buffer): SessionClaims | null {
  if (value.length > 2048) return null;
  const [version, body, mac, extra] = value.split('.');
  if (version !== 'v1' || !body || !mac || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return isClaims(claims) ? claims : null;
  } catch {
    return null;
  }
}
