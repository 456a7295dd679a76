/**
 * The load: counters claiming receipts (each receipt claimed by two counters, so half the
 * claims are contested) and kiosks sending signed orders, a fixed number in flight, over
 * keep-alive HTTP. Each request's latency is kept; the rate is requests over the wall time.
 */
import { createHash, sign, type KeyObject } from 'node:crypto';
import {
  KIOSK_REQUEST_HEADERS,
  kioskRequestText,
} from '../../shared/fleet/trust/kiosk-request-signature';
import { loadFigures, type LoadFigures } from './records-checks';

export interface Job {
  send(): Promise<Response>;
  /** Whether the answer is one the service should give. */
  expected(status: number): boolean;
}

/** Runs `jobs` with `inFlight` at a time; the first `warmUp` are not counted. */
export async function runLoad(
  jobs: readonly Job[],
  inFlight: number,
  warmUp: number,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  let started = performance.now();
  const worker = async () => {
    for (;;) {
      const index = next;
      next += 1;
      const job = jobs[index];
      if (!job) return;
      if (index === warmUp) started = performance.now();
      const begin = performance.now();
      let status: number;
      try {
        const response = await job.send();
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
      if (index >= warmUp) {
        latencies.push(performance.now() - begin);
        if (!job.expected(status)) errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return loadFigures(latencies, (performance.now() - started) / 1000, errors);
}

export function claimJobs(
  origin: string,
  cookies: readonly string[],
  codes: readonly string[],
  handoverId: () => string,
): Job[] {
  const jobs: Job[] = [];
  codes.forEach((code, index) => {
    for (const offset of [0, 1]) {
      const cookie = cookies[(index + offset * 7) % cookies.length] ?? '';
      const body = JSON.stringify({ code, handoverId: handoverId() });
      jobs.push({
        send: () =>
          fetch(`${origin}/handovers`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body,
          }),
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
        return fetch(`${origin}/orders`, {
          method: 'POST',
          headers: {
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
        });
      },
      expected: (status) => status === 201,
    };
  });
}
