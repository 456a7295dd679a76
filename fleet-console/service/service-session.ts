/**
 * Who this page is at the shop service: signed in as a member of staff (a session cookie,
 * HttpOnly, which the page never sees) or with a device's token, signed out, or not known
 * because the service cannot be reached. One store for the page (zustand); the counter and
 * the enrolment view read it, and any call answered 401 ends it (`sessionLost`).
 */
import { create } from 'zustand';
import { createServiceClient, type ServiceClient } from './service-client';
import {
  errorAnswerSchema,
  lockedAnswerSchema,
  loginAnswerSchema,
  meAnswerSchema,
  readAnswer,
  type Staff,
} from './service-answers';
import { forgetToken, keepToken, loadToken, TOKEN_PATTERN } from './service-token';

export type SessionPhase = 'checking' | 'signed-out' | 'signed-in' | 'unreachable';

export interface ServiceSessionState {
  /** The service's base URL ('' : this page's origin); null: none usable is set. */
  base: string | null;
  client: ServiceClient | null;
  phase: SessionPhase;
  staff: Staff | null;
  /** How this page is signed in. */
  via: 'staff' | 'token' | null;
  /** Why the last check found no session, or no service, in staff's words; '' : nothing to say. */
  why: string;
}

export const useServiceSession = create<ServiceSessionState>()(() => ({
  base: null,
  client: null,
  phase: 'signed-out',
  staff: null,
  via: null,
  why: '',
}));

/** Bumped by every new service or sign-in: an answer for an older one is dropped. */
let generation = 0;

const set = (change: Partial<ServiceSessionState>): void => useServiceSession.setState(change);

function clientFor(base: string, token: string | null): ServiceClient {
  return createServiceClient({ base, token });
}

/** Asks the service who this page is (GET /auth/me). */
export async function checkSession(): Promise<void> {
  const { client } = useServiceSession.getState();
  if (!client) return;
  const mine = ++generation;
  const reply = await client.request('GET', '/auth/me');
  if (mine !== generation) return;
  if (reply.kind === 'unreachable') {
    set({ phase: 'unreachable', why: reply.why });
    return;
  }
  const me = reply.status === 200 ? readAnswer(meAnswerSchema, reply.body) : null;
  if (me) {
    set({ phase: 'signed-in', staff: me.staff, via: me.kind, why: '' });
    return;
  }
  if (reply.status === 401 && client.withToken) {
    // A token the service no longer takes (revoked, expired) is of no use kept.
    forgetToken();
    set({
      client: clientFor(client.base, null),
      phase: 'signed-out',
      staff: null,
      via: null,
      why: 'The shop service no longer accepts this device’s token: sign in, or ask the operator for a new one.',
    });
    return;
  }
  set({
    phase: reply.status === 401 ? 'signed-out' : 'unreachable',
    staff: null,
    via: null,
    why: unreadableWhy(reply.status),
  });
}

/**
 * Why an answer was no session: a 404 is a page served without a shop service beside it
 * (`npm run fleet` alone), which the operator mends by naming one, not by trying again.
 */
function unreadableWhy(status: number): string {
  if (status === 401) return '';
  if (status === 404) {
    return 'no shop service answers at this address: start one with npm run shop-service and name it under Connection → Shop service';
  }
  return 'the shop service gave an answer this page cannot read';
}

/** The service this page uses (from the settings); checks whether it is signed in there. */
export function openService(base: string | null): void {
  generation += 1;
  if (base === null) {
    set({ base: null, client: null, phase: 'signed-out', staff: null, via: null, why: '' });
    return;
  }
  set({
    base,
    client: clientFor(base, loadToken(base)),
    phase: 'checking',
    staff: null,
    via: null,
    why: '',
  });
  void checkSession();
}

/** A call was answered 401: the session ended (logged out elsewhere, expired, disabled). */
export function sessionLost(): void {
  generation += 1;
  set({
    phase: 'signed-out',
    staff: null,
    via: null,
    why: 'Your session at the shop service ended: sign in again.',
  });
}

export type LoginOutcome =
  | { kind: 'signed-in'; staff: Staff }
  | { kind: 'wrong'; message: string }
  | { kind: 'locked'; until: number; message: string }
  | { kind: 'unreachable'; why: string };

export async function logIn(username: string, password: string): Promise<LoginOutcome> {
  const { base } = useServiceSession.getState();
  if (base === null) return { kind: 'unreachable', why: 'no shop service is set (Connection)' };
  // Signing in replaces a device token: the session is this person's.
  forgetToken();
  const client = clientFor(base, null);
  set({ client });
  const mine = ++generation;
  // Never sent twice: a wrong password would count twice towards the lock-out.
  const reply = await client.request('POST', '/auth/login', { username, password }, { once: true });
  if (reply.kind === 'unreachable') return { kind: 'unreachable', why: reply.why };
  const login = reply.status === 200 ? readAnswer(loginAnswerSchema, reply.body) : null;
  if (login) {
    if (mine === generation) {
      set({ phase: 'signed-in', staff: login.staff, via: 'staff', why: '' });
    }
    return { kind: 'signed-in', staff: login.staff };
  }
  const locked = reply.status === 429 ? readAnswer(lockedAnswerSchema, reply.body) : null;
  if (locked) return { kind: 'locked', until: locked.lockedUntil, message: locked.message };
  const refused = readAnswer(errorAnswerSchema, reply.body);
  if (reply.status === 401 || reply.status === 400) {
    return { kind: 'wrong', message: 'Wrong username or password.' };
  }
  return {
    kind: 'unreachable',
    why: refused?.message ?? `the shop service answered HTTP ${reply.status}`,
  };
}

export type TokenOutcome = { kind: 'signed-in' } | { kind: 'refused'; message: string };

/** Signs this page in with a device token, kept once the service takes it. */
export async function signInWithToken(text: string): Promise<TokenOutcome> {
  const { base } = useServiceSession.getState();
  const token = text.trim();
  if (base === null) return { kind: 'refused', message: 'No shop service is set (Connection).' };
  if (!TOKEN_PATTERN.test(token)) {
    return {
      kind: 'refused',
      message: 'This is not a device token: it starts kst1. and is 66 characters long.',
    };
  }
  const client = clientFor(base, token);
  const mine = ++generation;
  const reply = await client.request('GET', '/auth/me');
  if (reply.kind === 'unreachable') {
    return { kind: 'refused', message: `Not checked: ${reply.why}.` };
  }
  const me = reply.status === 200 ? readAnswer(meAnswerSchema, reply.body) : null;
  if (!me) {
    return { kind: 'refused', message: 'The shop service does not accept this token.' };
  }
  keepToken(base, token);
  if (mine === generation) {
    set({ client, phase: 'signed-in', staff: me.staff, via: 'token', why: '' });
  }
  return { kind: 'signed-in' };
}

export async function logOut(): Promise<void> {
  const { client, base } = useServiceSession.getState();
  generation += 1;
  forgetToken();
  set({
    client: base === null ? null : clientFor(base, null),
    phase: 'signed-out',
    staff: null,
    via: null,
    why: '',
  });
  if (client && !client.withToken) await client.request('POST', '/auth/logout');
}
