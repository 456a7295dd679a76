/**
 * Logging in and out, and who am I:
 *   POST /auth/login  {username, password} → 200 {staff} and the session cookie;
 *                     401 wrong username or password; 429 locked (lockedUntil)
 *   POST /auth/logout → 200, the session ended and the cookie cleared
 *   GET  /auth/me     → 200 {staff} for a session or a token; 401 otherwise
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { HttpError } from '../http/http-error';
import { readJson } from '../http/json-body';
import type { ShopEnv, ShopServices } from '../http/shop-env';
import { MAX_PASSWORD_LENGTH } from './passwords';
import { endSession, logIn } from './sessions';
import { USERNAME_PATTERN } from './staff-store';

const loginSchema = z.strictObject({
  // Checked before it reaches the database, which refuses some characters (NUL) with an error.
  username: z.string().regex(USERNAME_PATTERN, 'not a username'),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
});

export function authRoutes(services: ShopServices): Hono<ShopEnv> {
  const { db, staffAuth, now, log } = services;
  const routes = new Hono<ShopEnv>();

  routes.post('/auth/login', async (c) => {
    const { username, password } = await readJson(c, loginSchema);
    const outcome = await logIn(db, username, password, now());
    if (outcome.kind === 'locked') {
      log(`login "${username}" is locked until ${new Date(outcome.until).toISOString()}`);
      const minutes = Math.max(1, Math.ceil((outcome.until - now()) / 60_000));
      throw new HttpError(
        429,
        'locked',
        `Too many wrong passwords: this login is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}.`,
        { lockedUntil: outcome.until },
      );
    }
    if (outcome.kind === 'refused') {
      throw new HttpError(401, 'wrong-password', 'Wrong username or password.');
    }
    const principal = staffAuth.startSession(c, outcome.session);
    return c.json({
      staff: { username: principal.id, name: principal.name, role: principal.role },
    });
  });

  routes.post('/auth/logout', async (c) => {
    const id = staffAuth.endSession(c);
    if (id !== null) await endSession(db, id);
    return c.json({ loggedOut: true });
  });

  routes.get('/auth/me', async (c) => {
    const principal = await staffAuth.identify(c);
    if (!principal) throw new HttpError(401, 'unauthenticated', 'Not logged in.');
    return c.json({
      staff: { username: principal.id, name: principal.name, role: principal.role },
      kind: principal.kind,
    });
  });

  return routes;
}
