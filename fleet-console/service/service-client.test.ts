// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createServiceClient, MAX_ANSWER_BYTES } from './service-client';

type Seen = { url: string; init: RequestInit };

function serving(respond: (seen: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  // The client only ever passes a URL string.
  const fetch = (url: string, init?: RequestInit) => {
    const one = { url, init: init ?? {} };
    seen.push(one);
    return Promise.resolve(respond(one));
  };
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('the console’s client of the shop service', () => {
  it('sends JSON with the session cookie, and a token when it has one', async () => {
    const { fetch, seen } = serving(() => json(200, { ok: true }));
    const cookie = createServiceClient({ base: 'http://shop:8470', fetch });
    expect(await cookie.request('POST', '/receipts/check', { code: 'x' })).toEqual({
      kind: 'answer',
      status: 200,
      body: { ok: true },
    });
    expect(seen[0]?.url).toBe('http://shop:8470/receipts/check');
    expect(seen[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      body: '{"code":"x"}',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    });
    const token = createServiceClient({ base: '', token: 'kst1.a.b', fetch });
    await token.request('GET', '/auth/me');
    expect(seen[1]?.url).toBe('/auth/me');
    expect(seen[1]?.init.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer kst1.a.b',
    });
    expect(token.withToken).toBe(true);
  });

  it('counts a service that cannot answer (5xx, its database away) as not reached', async () => {
    const away = serving(() => json(503, { error: 'database-unavailable', message: 'later' }));
    expect(
      await createServiceClient({ base: '', fetch: away.fetch, retryAfterMs: 1 }).request(
        'GET',
        '/x',
      ),
    ).toEqual({
      kind: 'unreachable',
      why: 'the shop service’s database cannot be reached just now',
    });
    const proxy = serving(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect(
      await createServiceClient({ base: '', fetch: proxy.fetch }).request('GET', '/x'),
    ).toEqual({ kind: 'unreachable', why: 'the shop service failed to answer (HTTP 502)' });
  });

  it('reads no body that is not JSON, or too large, and never throws', async () => {
    const html = serving(() => new Response('<p>hi</p>', { status: 200 }));
    expect(await createServiceClient({ base: '', fetch: html.fetch }).request('GET', '/x')).toEqual(
      { kind: 'answer', status: 200, body: undefined },
    );
    const broken = serving(
      () => new Response('{"a":', { headers: { 'content-type': 'application/json' } }),
    );
    expect(
      await createServiceClient({ base: '', fetch: broken.fetch }).request('GET', '/x'),
    ).toMatchObject({ body: undefined });
    const huge = serving(() => json(200, {}, { 'content-length': String(MAX_ANSWER_BYTES + 1) }));
    expect(
      await createServiceClient({ base: '', fetch: huge.fetch }).request('GET', '/x'),
    ).toMatchObject({ body: undefined });
    const refused = {
      fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
    };
    expect(
      await createServiceClient({ base: '', retryAfterMs: 1, ...refused }).request('GET', '/x'),
    ).toEqual({
      kind: 'unreachable',
      why: 'the shop service cannot be reached',
    });
  });

  it('gives up on a service that does not answer in time', async () => {
    const slow = {
      fetch: ((_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        })) as typeof fetch,
    };
    const client = createServiceClient({ base: '', timeoutMs: 20, ...slow });
    expect(await client.request('GET', '/x')).toEqual({
      kind: 'unreachable',
      why: 'the shop service did not answer in time',
    });
  });

  it('sends a call once more when it failed on the way or met a database briefly away, a login never', async () => {
    let tries = 0;
    const flaky = serving(() => {
      tries += 1;
      if (tries === 1) throw new TypeError('Failed to fetch');
      return json(200, { ok: true });
    });
    const client = createServiceClient({ base: '', fetch: flaky.fetch, retryAfterMs: 1 });
    expect(await client.request('POST', '/handovers', { code: 'x' })).toMatchObject({
      kind: 'answer',
      status: 200,
    });
    expect(flaky.seen).toHaveLength(2);
    const failover = serving(() =>
      flaky.seen.length < 3 ? json(503, { error: 'database-unavailable' }) : json(201, {}),
    );
    tries = 0;
    const during = createServiceClient({ base: '', fetch: failover.fetch, retryAfterMs: 1 });
    expect(await during.request('GET', '/x')).toMatchObject({ kind: 'unreachable' });
    expect(failover.seen).toHaveLength(2);
    const refused = serving(() => Promise.reject(new TypeError('Failed to fetch')));
    const login = createServiceClient({ base: '', fetch: refused.fetch, retryAfterMs: 1 });
    await login.request('POST', '/auth/login', {}, { once: true });
    expect(refused.seen).toHaveLength(1);
  });
});
