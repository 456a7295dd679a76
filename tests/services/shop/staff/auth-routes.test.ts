/**
 * Staff logins: cookie flags, lock-out after wrong passwords, sessions that end everywhere
 * within the recheck time, tokens, and roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECHECK_MS } from '../../../../services/shop/staff/session-cookie';
import { LOCK_MS, MAX_FAILED_TRIES } from '../../../../services/shop/staff/sessions';
import { setDisabled } from '../../../../services/shop/staff/staff-store';
import { issueToken, revokeToken, TOKEN_CACHE_MS } from '../../../../services/shop/staff/tokens';
import {
  addLogin,
  jsonPost,
  loginCookie,
  makeWorld,
  openShop,
  PASSWORD,
  type TestShop,
} from '../support/shop-world';

let clock = Date.now();
let shop: TestShop;

beforeAll(async () => {
  shop = await openShop(makeWorld(0), { engine: 'pglite', dataDir: null }, () => clock);
  for (const name of ['counter-1', 'counter-2', 'counter-3'])
    await addLogin(shop.services, name, 'counter', name);
}, 120_000);
afterAll(() => shop.close());

const login = (username: string, password: string) =>
  shop.app.request('/auth/login', jsonPost({ username, password }));
const me = (headers: Record<string, string>) => shop.app.request('/auth/me', { headers });

describe('staff logins', () => {
  it('opens a session in an HttpOnly, Secure, SameSite=Strict cookie', async () => {
    const response = await login('counter-1', PASSWORD);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      staff: { username: 'counter-1', name: 'counter-1', role: 'counter' },
    });
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^shop_session=v1\./);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/'])
      expect(cookie).toContain(flag);
    expect((await me({ cookie: cookie.split(';')[0] ?? '' })).status).toBe(200);
    const tampered = (cookie.split(';')[0] ?? '').replace(/.$/, (last) =>
      last === 'A' ? 'B' : 'A',
    );
    expect((await me({ cookie: tampered })).status).toBe(401);
  });

  it(`locks a login after ${MAX_FAILED_TRIES} wrong passwords, even against the right one, for ${LOCK_MS / 60_000} minutes`, async () => {
    for (let attempt = 1; attempt < MAX_FAILED_TRIES; attempt += 1) {
      expect((await login('counter-2', 'wrong password')).status).toBe(401);
    }
    const locked = await login('counter-2', 'wrong password');
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ error: 'locked', lockedUntil: clock + LOCK_MS });
    expect((await login('counter-2', PASSWORD)).status).toBe(429);
    clock += LOCK_MS + 1;
    expect((await login('counter-2', PASSWORD)).status).toBe(200);
    expect((await login('nobody', PASSWORD)).status).toBe(401);
  }, 60_000);

  it('ends a session everywhere within the recheck time once it is logged out or disabled', async () => {
    const cookie = await loginCookie(shop.app, 'counter-3');
    const copy = { cookie };
    const out = await shop.app.request('/auth/logout', { method: 'POST', headers: copy });
    expect(out.headers.get('set-cookie')).toContain('shop_session=;');
    // Another replica holding the same cookie trusts it until its recheck time, then not.
    expect((await me(copy)).status).toBe(200);
    clock += RECHECK_MS + 1;
    expect((await me(copy)).status).toBe(401);

    const fresh = { cookie: await loginCookie(shop.app, 'counter-3') };
    await setDisabled(shop.services.db, 'counter-3', true);
    clock += RECHECK_MS + 1;
    expect((await me(fresh)).status).toBe(401);
    expect((await login('counter-3', PASSWORD)).status).toBe(401);
  }, 60_000);

  it('takes an operator-issued token, forbids what its role may not do, and drops it once revoked', async () => {
    const issued = await issueToken(
      shop.services.db,
      { name: 'Counter 4 PC', role: 'counter', expiresAt: null },
      clock,
    );
    const bearer = { authorization: `Bearer ${issued.token}` };
    expect(await (await me(bearer)).json()).toMatchObject({
      kind: 'token',
      staff: { name: 'Counter 4 PC' },
    });
    const forbidden = await shop.app.request('/revocations', {
      ...jsonPost({}),
      headers: { ...bearer, 'content-type': 'application/json' },
    });
    expect(forbidden.status).toBe(403);
    expect((await me({ authorization: `Bearer ${issued.token}x` })).status).toBe(401);
    await revokeToken(shop.services.db, issued.id, clock);
    clock += TOKEN_CACHE_MS + 1;
    expect((await me(bearer)).status).toBe(401);
  });
});
