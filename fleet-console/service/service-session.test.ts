import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleStaff } from '../test/service-samples';
import {
  checkSession,
  logIn,
  logOut,
  openService,
  sessionLost,
  signInWithToken,
  useServiceSession,
} from './service-session';
import { loadToken } from './service-token';

const TOKEN = `kst1.${'a'.repeat(16)}.${'b'.repeat(43)}`;

type Route = (url: string, init: RequestInit) => Response | Promise<Response>;

function serve(route: Route) {
  const calls: { url: string; init: RequestInit }[] = [];
  // The client only ever passes a URL string.
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    return Promise.resolve(route(url, init));
  });
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  openService(null);
});

describe('who this page is at the shop service', () => {
  it('asks on opening: signed in, signed out, or not known while the service is away', async () => {
    serve(() => json(200, { staff: sampleStaff, kind: 'staff' }));
    openService('');
    expect(useServiceSession.getState().phase).toBe('checking');
    await settled();
    expect(useServiceSession.getState()).toMatchObject({
      phase: 'signed-in',
      staff: sampleStaff,
      via: 'staff',
    });
    serve(() => json(401, { error: 'unauthenticated', message: 'Log in.' }));
    await checkSession();
    expect(useServiceSession.getState()).toMatchObject({ phase: 'signed-out', staff: null });
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    await checkSession();
    expect(useServiceSession.getState()).toMatchObject({
      phase: 'unreachable',
      why: 'the shop service cannot be reached',
    });
  });

  it('says where no shop service answers, rather than that its answer cannot be read', async () => {
    serve(() => new Response('Not found', { status: 404 }));
    openService('');
    await settled();
    expect(useServiceSession.getState()).toMatchObject({
      phase: 'unreachable',
      why: 'no shop service answers at this address: start one with npm run shop-service and name it under Connection → Shop service',
    });
    serve(() => new Response('<html>', { status: 200 }));
    await checkSession();
    expect(useServiceSession.getState().why).toBe(
      'the shop service gave an answer this page cannot read',
    );
  });

  it('signs in with a staff login, and says plainly why not: wrong, locked (until when), away', async () => {
    serve(() => json(401, {}));
    openService('');
    await settled();
    const calls = serve(() => json(200, { staff: sampleStaff }));
    expect(await logIn('counter-1', 'correct horse battery')).toMatchObject({ kind: 'signed-in' });
    expect(calls[0]).toMatchObject({ url: '/auth/login', init: { method: 'POST' } });
    expect(useServiceSession.getState()).toMatchObject({ phase: 'signed-in', via: 'staff' });

    serve(() => json(401, { error: 'wrong-password', message: 'Wrong username or password.' }));
    expect(await logIn('counter-1', 'nope')).toEqual({
      kind: 'wrong',
      message: 'Wrong username or password.',
    });
    serve(() =>
      json(429, {
        error: 'locked',
        message: 'Locked for 15 minutes.',
        lockedUntil: 1_700_000_900_000,
      }),
    );
    expect(await logIn('counter-1', 'nope')).toEqual({
      kind: 'locked',
      until: 1_700_000_900_000,
      message: 'Locked for 15 minutes.',
    });
    serve(() => json(503, { error: 'database-unavailable', message: 'later' }));
    expect(await logIn('counter-1', 'x')).toMatchObject({ kind: 'unreachable' });
  });

  it('takes a device token only once the service accepts it, keeps it, and forgets one it no longer takes', async () => {
    serve(() => json(401, {}));
    openService('');
    await settled();
    expect(await signInWithToken('not a token')).toMatchObject({ kind: 'refused' });
    serve(() => json(401, {}));
    expect(await signInWithToken(TOKEN)).toEqual({
      kind: 'refused',
      message: 'The shop service does not accept this token.',
    });
    expect(loadToken('')).toBeNull();

    const calls = serve(() =>
      json(200, { staff: { ...sampleStaff, name: 'Counter 3 PC' }, kind: 'token' }),
    );
    expect(await signInWithToken(` ${TOKEN} `)).toEqual({ kind: 'signed-in' });
    expect(calls[0]?.init.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` });
    expect(loadToken('')).toBe(TOKEN);
    expect(useServiceSession.getState()).toMatchObject({ phase: 'signed-in', via: 'token' });

    // After a reload the token is used again; once revoked, it is dropped and a login asked for.
    serve(() => json(401, { error: 'unauthenticated', message: 'Log in.' }));
    openService('');
    await settled();
    expect(useServiceSession.getState()).toMatchObject({
      phase: 'signed-out',
      why: expect.stringContaining('no longer accepts this device’s token') as unknown,
    });
    expect(loadToken('')).toBeNull();
  });

  it('ends the session when a call is refused as not signed in, and on signing out', async () => {
    serve(() => json(200, { staff: sampleStaff, kind: 'staff' }));
    openService('');
    await settled();
    sessionLost();
    expect(useServiceSession.getState()).toMatchObject({
      phase: 'signed-out',
      why: 'Your session at the shop service ended: sign in again.',
    });
    const calls = serve(() => json(200, { loggedOut: true }));
    await logOut();
    expect(calls[0]).toMatchObject({ url: '/auth/logout', init: { method: 'POST' } });
  });
});
