/**
 * How the console talks to the shop service: JSON over HTTP(S), with the session cookie
 * (`credentials: 'include'`, so it is sent to a service on another port of the same
 * machine too) or an operator-issued token. Every call ends in one of two ways: the
 * service answered (a status and its JSON, still unread), or it could not be reached. A
 * service that is up but cannot answer (a 5xx: its database away, a proxy's error page)
 * counts as not reached, since it said nothing about the receipt; so does a call that takes
 * longer than the timeout. Nothing here throws.
 *
 * A call that failed on the way (the connection dropped, a keep-alive socket closed under
 * it) or met a database that is briefly away (503, a failover) is sent once more after a
 * moment: every call the console makes may be repeated (a handover carries its own id, so a
 * repeat is the same handover), except a login, whose wrong password would count twice.
 */

/** A wait long enough for a loaded service, short enough for staff at a counter. */
export const SERVICE_TIMEOUT_MS = 8000;
/** The largest answer read: every certificate of a large fleet, with room to spare. */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export type ServiceReply =
  /** `body`: the parsed JSON, or undefined when it was not JSON. */
  { kind: 'answer'; status: number; body: unknown } | { kind: 'unreachable'; why: string };

export interface ServiceClient {
  /** The service's base URL ('' : this page's own origin). */
  readonly base: string;
  /** Whether calls carry an operator-issued token rather than the session cookie. */
  readonly withToken: boolean;
  /** `once`: never sent a second time (a login). */
  request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options?: { once?: boolean },
  ): Promise<ServiceReply>;
}

/** How long a call that failed on the way waits before it is sent again. */
export const RETRY_AFTER_MS = 500;

export interface ServiceClientOptions {
  base: string;
  token?: string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
  retryAfterMs?: number;
}

/** Why a 5xx is no answer, in staff's words. */
function serverTrouble(status: number, body: unknown): string {
  const code =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).error : null;
  if (status === 503 && code === 'database-unavailable') {
    return 'the shop service’s database cannot be reached just now';
  }
  return `the shop service failed to answer (HTTP ${status})`;
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) return undefined;
  const length = Number(response.headers.get('content-length') ?? '0');
  if (length > MAX_ANSWER_BYTES) return undefined;
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createServiceClient({
  base,
  token = null,
  fetch: fetchImpl = (input, init) => fetch(input, init),
  timeoutMs = SERVICE_TIMEOUT_MS,
  retryAfterMs = RETRY_AFTER_MS,
}: ServiceClientOptions): ServiceClient {
  /** One try; `again`: whether a second may give an answer this one did not. */
  const attempt = async (
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
  ): Promise<{ reply: ServiceReply; again: boolean }> => {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    try {
      const response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        credentials: 'include',
        cache: 'no-store',
        signal: abort.signal,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const parsed = await readBody(response);
      if (response.status >= 500) {
        const why = serverTrouble(response.status, parsed);
        return { reply: { kind: 'unreachable', why }, again: response.status === 503 };
      }
      return { reply: { kind: 'answer', status: response.status, body: parsed }, again: false };
    } catch {
      // A call that ran out of time is not sent again: staff have waited long enough.
      return abort.signal.aborted
        ? {
            reply: { kind: 'unreachable', why: 'the shop service did not answer in time' },
            again: false,
          }
        : {
            reply: { kind: 'unreachable', why: 'the shop service cannot be reached' },
            again: true,
          };
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    base,
    withToken: token !== null,
    async request(method, path, body, options = {}) {
      const first = await attempt(method, path, body);
      if (!first.again || options.once === true) return first.reply;
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
      return (await attempt(method, path, body)).reply;
    },
  };
}
