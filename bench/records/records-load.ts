/**
 * The load: counters claiming receipts (each receipt claimed by two counters, so half the
 * claims are contested) and kiosks sending signed orders, a fixed number in flight, each on
 * its own keep-alive connection. Each request's latency is kept; the rate is requests over
 * the wall time.
 *
 * The load runs on the same two cores as the service and its database, so it costs as
 * little as it can: requests are written as bytes made before the run (raw-http.ts), and
 * the orders signed before it too (well inside the five minutes a signature is good for).
 * Every answer is still read and checked: its status, what its body says, and for the
 * claims that of each receipt's two claims exactly one was told to hand it over.
 */
import { createHash, sign, type KeyObject } from 'node:crypto';
import {
  KIOSK_REQUEST_HEADERS,
  kioskRequestText,
} from '../../shared/fleet/trust/kiosk-request-signature';
import type { CpuShare } from './process-cpu';
import { RawConnection, requestBytes, type RawAnswer } from './raw-http';
import { loadFigures, type LoadFigures } from './records-checks';

export interface Job {
  /** The request, as bytes. */
  request(): Buffer;
  /** Whether the answer is one the service should give. */
  check(answer: RawAnswer): boolean;
}

/**
 * Runs `jobs` against `origin` with `inFlight` at a time, each worker on a connection of
 * its own; the first `warmUp` are not counted in the figures, and are given apart (`start`):
 * what a service just started answers while its code is still being compiled to its fast
 * form. `meter`, if given, starts counting CPU when the warm-up ends and says what each
 * counted request cost.
 */
export async function runLoad(
  origin: string,
  jobs: readonly Job[],
  inFlight: number,
  warmUp: number,
  meter?: () => { per(requests: number): CpuShare },
): Promise<LoadFigures> {
  const { hostname, port } = new URL(origin);
  const latencies: number[] = [];
  const warming: number[] = [];
  let errors = 0;
  const began = performance.now();
  let next = 0;
  let started = performance.now();
  let counting = warmUp === 0 ? meter?.() : undefined;
  const worker = async () => {
    const connection = new RawConnection(Number(port), hostname);
    try {
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
        const right = await connection.send(job.request()).then(
          (answer) => job.check(answer),
          () => false,
        );
        if (index >= warmUp) latencies.push(performance.now() - begin);
        else warming.push(performance.now() - begin);
        if (!right) errors += 1;
      }
    } finally {
      connection.close();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const figures = {
    ...loadFigures(latencies, (performance.now() - started) / 1000, errors),
    start: loadFigures(warming, (started - began) / 1000, 0),
  };
  return counting ? { ...figures, cpuMs: counting.per(latencies.length) } : figures;
}

const outcomeOf = (body: string): unknown => {
  try {
    return (JSON.parse(body) as { outcome?: unknown }).outcome;
  } catch {
    return undefined;
  }
};

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
  const { host } = new URL(origin);
  const jar = [...cookies];
  const jobs: Job[] = [];
  codes.forEach((code, index) => {
    const answers = { count: 0, won: 0 };
    for (const offset of [0, 1]) {
      const counter = (index + offset * 7) % jar.length;
      const body = JSON.stringify({ code, handoverId: handoverId() });
      const bytes = (cookie: string) =>
        requestBytes('/handovers', host, { 'content-type': 'application/json', cookie }, body);
      let sentWith = jar[counter] ?? '';
      let made = bytes(sentWith);
      jobs.push({
        request: () => {
          if (jar[counter] !== sentWith) {
            sentWith = jar[counter] ?? '';
            made = bytes(sentWith);
          }
          return made;
        },
        check: (answer) => {
          if (answer.cookie) jar[counter] = answer.cookie;
          const outcome = outcomeOf(answer.body);
          const right =
            (answer.status === 201 && outcome === 'handed-over') ||
            (answer.status === 409 && outcome === 'already-collected');
          answers.count += 1;
          if (answer.status === 201) answers.won += 1;
          // The receipt's second answer: exactly one of its two claims handed it over.
          return right && (answers.count < 2 || answers.won === 1);
        },
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
  const { host } = new URL(origin);
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
    const bytes = requestBytes(
      '/orders',
      host,
      {
        'content-type': 'application/json',
        [KIOSK_REQUEST_HEADERS.kiosk]: kiosk.id,
        [KIOSK_REQUEST_HEADERS.certificate]: kiosk.serial,
        [KIOSK_REQUEST_HEADERS.time]: String(time),
        [KIOSK_REQUEST_HEADERS.signature]: sign(null, Buffer.from(text), kiosk.privateKey).toString(
          'base64url',
        ),
      },
      body,
    );
    return {
      request: () => bytes,
      check: (answer) => {
        if (answer.status !== 201) return false;
        try {
          const kept = (JSON.parse(answer.body) as { order?: { receiptId?: unknown } }).order;
          return kept?.receiptId === order.receiptId;
        } catch {
          return false;
        }
      },
    };
  });
}
