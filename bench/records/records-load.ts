/**
 * The load: counters claiming receipts (each receipt claimed by two counters, so half the
 * claims are contested) and kiosks sending signed orders, a fixed number in flight, over
 * keep-alive HTTP. Each request's latency is kept; the rate is requests over the wall time.
 *
 * Requests go through node:http with a keep-alive agent, not fetch: the load runs on the
 * same two cores as the service and its database, and fetch's WHATWG streams cost about as
 * much CPU a request as the service's own answer, which the figures would then count
 * against the service.
 */
import { createHash, sign, type KeyObject } from 'node:crypto';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import {
  KIOSK_REQUEST_HEADERS,
  kioskRequestText,
} from '../../shared/fleet/trust/kiosk-request-signature';
import type { CpuShare } from './process-cpu';
import { loadFigures, type LoadFigures } from './records-checks';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
}

export interface Job {
  /** Sends the request; the answer once its body is read. */
  send(): Promise<Answer>;
  /** Whether the answer is one the service should give. */
  expected(status: number): boolean;
}

/**
 * Runs `jobs` with `inFlight` at a time; the first `warmUp` are not counted. `meter`, if
 * given, starts counting CPU when the warm-up ends and says what each counted request cost.
 */
export async function runLoad(
  jobs: readonly Job[],
  inFlight: number,
  warmUp: number,
  meter?: () => { per(requests: number): CpuShare },
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  let started = performance.now();
  let counting = warmUp === 0 ? meter?.() : undefined;
  const worker = async () => {
    for (;;) {
      const index = next;
      next += 1;
      const job = jobs[index];
      if (!job) return;
      if (index === warmUp && index > 0) {
        started = performance.now();
        counting = meter?.();
      }
      const begin = performance.now();
      const status = await job.send().then(
        (answer) => answer.status,
        () => 0,
      );
      if (index >= warmUp) {
        latencies.push(performance.now() - begin);
        if (!job.expected(status)) errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const figures = loadFigures(latencies, (performance.now() - started) / 1000, errors);
  return counting ? { ...figures, cpuMs: counting.per(latencies.length) } : figures;
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** POSTs `body` to `url`; the answer, once it is read to its end. */
export function post(url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (answer) => {
        answer.on('error', reject);
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, headers: answer.headers }),
        );
        answer.resume();
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Two claims per receipt, by counters a few apart. Each counter keeps the cookie the service
 * last set, as a browser does: a session cookie is rechecked against the database once a
 * minute, and a counter that kept its first cookie would be looked up on every claim after.
 */
export function claimJobs(
  origin: string,
  cookies: readonly string[],
  codes: readonly string[],
  handoverId: () => string,
): Job[] {
  const jar = [...cookies];
  const jobs: Job[] = [];
  codes.forEach((code, index) => {
    for (const offset of [0, 1]) {
      const counter = (index + offset * 7) % jar.length;
      const body = JSON.stringify({ code, handoverId: handoverId() });
      jobs.push({
        send: async () => {
          const cookie = jar[counter] ?? '';
          const answer = await post(
            `${origin}/handovers`,
            { 'content-type': 'application/json', cookie },
            body,
          );
          const fresh = answer.headers['set-cookie']?.[0]?.split(';')[0];
          if (fresh) jar[counter] = fresh;
          return answer;
        },
        expected: (status) => status === 201 || status === 409,
      });
    }
  });
  // The two claims of a receipt sit a few places apart, so they are in flight together.
  return jobs;
}

export interface BenchKiosk {
  id: string;
  serial: string;
  privateKey: KeyObject;
}

export function orderJobs(
  origin: string,
  prefix: string,
  kiosks: readonly BenchKiosk[],
  count: number,
  receiptId: (n: number) => string,
): Job[] {
  return Array.from({ length: count }, (_, n) => {
    const kiosk = kiosks[n % kiosks.length] as BenchKiosk;
    const order = {
      receiptId: receiptId(n),
      kioskId: kiosk.id,
      at: Date.now(),
      lines: [
        { productId: 3, title: 'Mens Cotton Jacket', quantity: 2, priceCents: 5599 },
        { productId: 7, title: 'White Gold Plated Princess', quantity: 1, priceCents: 999 },
      ],
      totalCents: 12197,
    };
    const body = JSON.stringify({ order });
    return {
      send: () => {
        const time = Date.now();
        const text = kioskRequestText({
          fleet: prefix,
          method: 'POST',
          path: '/orders',
          kioskId: kiosk.id,
          serial: kiosk.serial,
          time,
          bodyHash: createHash('sha256').update(body).digest('base64url'),
        });
        return post(
          `${origin}/orders`,
          {
            'content-type': 'application/json',
            [KIOSK_REQUEST_HEADERS.kiosk]: kiosk.id,
            [KIOSK_REQUEST_HEADERS.certificate]: kiosk.serial,
            [KIOSK_REQUEST_HEADERS.time]: String(time),
            [KIOSK_REQUEST_HEADERS.signature]: sign(
              null,
              Buffer.from(text),
              kiosk.privateKey,
            ).toString('base64url'),
          },
          body,
        );
      },
      expected: (status) => status === 201,
    };
  });
}
