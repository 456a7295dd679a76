/**
 * The load's loop against a small HTTP server on loopback: it counts what it should, keeps
 * each counter's cookie, and finds every wrong answer (two handovers of one receipt, an
 * order kept under another receipt, a failed request).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { executeLoad, type Job, type LoadPlan } from './load-run';
import { requestBytes } from './raw-http';

let server: Server | null = null;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

const bodyOf = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

async function serve(
  answer: (
    path: string,
    body: string,
    cookie: string,
  ) => { status: number; body: unknown; cookie?: string },
): Promise<{ port: number; hostHeader: string }> {
  server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const {
        status,
        body: sent,
        cookie,
      } = answer(request.url ?? '', body, request.headers.cookie ?? '');
      const text = JSON.stringify(sent);
      response.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
        ...(cookie ? { 'set-cookie': `${cookie}; Path=/; HttpOnly` } : {}),
      });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, hostHeader: `127.0.0.1:${port}` };
}

const claims = (receipts: number): Job[] =>
  Array.from({ length: receipts }, (_, receipt) =>
    [0, 1].map((offset) => ({
      kind: 'claim' as const,
      receipt,
      counter: (receipt + offset) % 2,
      body: JSON.stringify({ code: `code-${receipt}`, handoverId: `h-${receipt}-${offset}` }),
    })),
  ).flat();

const plan = (at: { port: number; hostHeader: string }, jobs: Job[], warmUp = 4): LoadPlan => ({
  ...at,
  host: '127.0.0.1',
  inFlight: 3,
  warmUp,
  cookies: ['session=a', 'session=b'],
  jobs,
});

describe('executeLoad', () => {
  it('counts the jobs after the warm-up, says once when it ends, and keeps each counter’s cookie', async () => {
    const collected = new Set<string>();
    const cookies: string[] = [];
    const at = await serve((_path, body, cookie) => {
      cookies.push(cookie);
      const { code } = JSON.parse(body) as { code: string };
      if (collected.has(code)) return { status: 409, body: { outcome: 'already-collected' } };
      collected.add(code);
      return { status: 201, body: { outcome: 'handed-over' }, cookie: 'session=renewed' };
    });
    let warmed = 0;
    const run = await executeLoad(plan(at, claims(10)), () => (warmed += 1));
    expect(run.errors).toBe(0);
    expect(run.latencies).toHaveLength(16);
    expect(run.warming).toHaveLength(4);
    expect(warmed).toBe(1);
    expect(cookies.slice(-4).every((cookie) => cookie === 'session=renewed')).toBe(true);
  });

  it('counts a receipt handed over twice, and a request that failed, as errors', async () => {
    const twice = await serve(() => ({ status: 201, body: { outcome: 'handed-over' } }));
    expect((await executeLoad(plan(twice, claims(6), 0), () => undefined)).errors).toBe(6);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    const refused = await serve(() => ({ status: 500, body: { error: 'no' } }));
    expect((await executeLoad(plan(refused, claims(3), 0), () => undefined)).errors).toBe(6);
  });

  it('checks that each order is kept under its own receipt', async () => {
    const at = await serve((_path, body) => {
      const { order } = JSON.parse(body) as { order: { receiptId: string } };
      const kept = order.receiptId.endsWith('7') ? 'another' : order.receiptId;
      return { status: 201, body: { order: { receiptId: kept } } };
    });
    const jobs: Job[] = Array.from({ length: 10 }, (_, n) => {
      const receiptId = `Receipt-${n}`;
      const bytes = requestBytes(
        '/orders',
        at.hostHeader,
        { 'content-type': 'application/json' },
        JSON.stringify({ order: { receiptId } }),
      );
      return { kind: 'order', request: new Uint8Array(bytes), receiptId };
    });
    const run = await executeLoad(plan(at, jobs, 2), () => undefined);
    expect(run.errors).toBe(1);
    expect(run.latencies).toHaveLength(8);
  });
});
