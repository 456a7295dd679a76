/**
 * Who a request from a counter or the console comes from: a session cookie (HttpOnly,
 * Secure, SameSite=Strict) or an operator-issued token (`Authorization: Bearer …`), and
 * whether their role may do what the route does. A cookie is trusted on its signature until
 * its recheck time, then its session is looked up again (session-cookie.ts).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';
import type { ShopTables, StaffRole } from '../db/tables';
import { HttpError } from '../http/http-error';
import type { Principal, ShopEnv } from '../http/request-vars';
import {
  COOKIE_NAME,
  decodeSessionCookie,
  encodeSessionCookie,
  RECHECK_MS,
  type SessionClaims,
} from './session-cookie';
import { findSession, type OpenSession } from './sessions';
import { createTokenChecker } from './tokens';

const MAX_VERIFIED_COOKIES = 1000;

export interface StaffAuth {
  /** Lets the request through only for these roles; sets `principal`. */
  require(...roles: StaffRole[]): MiddlewareHandler<ShopEnv>;
  /** The principal behind a request, or null. */
  identify(c: Context): Promise<Principal | null>;
  startSession(c: Context, session: OpenSession): Principal;
  endSession(c: Context): string | null;
}

const principalOf = (claims: SessionClaims): Principal => ({
  kind: 'staff',
  id: claims.u,
  name: claims.n,
  role: claims.r,
});

export function createStaffAuth(
  db: Kysely<ShopTables>,
  secret: Buffer,
  now: () => number,
): StaffAuth {
  const tokens = createTokenChecker(db, now);

  const writeCookie = (c: Context, session: OpenSession): SessionClaims => {
    const at = now();
    const claims: SessionClaims = {
      s: session.id,
      u: session.username,
      n: session.name,
      r: session.role,
      e: session.expiresAt,
      c: Math.min(at + RECHECK_MS, session.expiresAt),
    };
    setCookie(c, COOKIE_NAME, encodeSessionCookie(claims, secret), {
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: Math.max(1, Math.floor((session.expiresAt - at) / 1000)),
    });
    return claims;
  };

  // A cookie whose signature verified once verifies every time: the counters' few cookies
  // are checked once, not on every claim. Only what verified is kept.
  const verified = new Map<string, SessionClaims>();
  const decode = (value: string): SessionClaims | null => {
    const known = verified.get(value);
    if (known) return known;
    const claims = decodeSessionCookie(value, secret);
    if (claims) {
      if (verified.size >= MAX_VERIFIED_COOKIES) verified.clear();
      verified.set(value, claims);
    }
    return claims;
  };

  const fromCookie = async (c: Context): Promise<Principal | null> => {
    const value = getCookie(c, COOKIE_NAME);
    const claims = value === undefined ? null : decode(value);
    if (!claims || claims.e <= now()) return null;
    if (claims.c > now()) return principalOf(claims);
    const session = await findSession(db, claims.s, now());
    return session ? principalOf(writeCookie(c, session)) : null;
  };

  const identify = async (c: Context): Promise<Principal | null> => {
    const authorization = c.req.header('authorization');
    if (authorization !== undefined) {
      const bearer = /^Bearer (\S{1,200})$/.exec(authorization)?.[1];
      return bearer === undefined ? null : tokens.check(bearer);
    }
    return fromCookie(c);
  };

  return {
    identify,
    require(...roles) {
      return async (c, next) => {
        // Routes of several modules may guard the same path: the caller is identified once.
        const principal = (c.get('principal') as Principal | undefined) ?? (await identify(c));
        if (!principal) {
          throw new HttpError(401, 'unauthenticated', 'Log in, or send an operator-issued token.');
        }
        if (!roles.includes(principal.role)) {
          throw new HttpError(403, 'forbidden', `Only a ${roles.join(' or ')} login may do this.`);
        }
        c.set('principal', principal);
        await next();
      };
    },
    startSession: (c, session) => principalOf(writeCookie(c, session)),
    endSession(c) {
      const value = getCookie(c, COOKIE_NAME);
      deleteCookie(c, COOKIE_NAME, { path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
      return value === undefined ? null : (decodeSessionCookie(value, secret)?.s ?? null);
    },
  };
}
