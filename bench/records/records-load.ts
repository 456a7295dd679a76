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
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  KIOSK_REQUEST_HEADERS,
  kioskRequestText,
} from '../../shared/fleet/trust/kiosk-request-signature';
import type { LoadRun, Job, LoadPlan } from './load-run';
import type { FromLoadWorker } from './load-worker';
import type { CpuShare } from './process-cpu';
import { requestBytes } from './raw-http';
import { loadFigures, type LoadFigures } from './records-checks';

export type { Job } from './load-run';

const WORKER_FILE = fileURLToPath(new URL('./load-worker.ts', import.meta.url));

/** Runs the plan on a thread of its own (load-worker.ts), TypeScript loaded as here by tsx. */
function runOnThread(plan: LoadPlan, warm: () => void): Promise<LoadRun> {
  const worker = new Worker(`require('tsx/cjs'); require(${JSON.stringify(WORKER_FILE)});`, {
    eval: true,
  });
  return new Promise<LoadRun>((resolve, reject) => {
    worker.on('message', (message: FromLoadWorker) => {
      if (message.kind === 'warm') warm();
      else if (message.kind === 'done') resolve(message.run);
      else reject(new Error(`the load failed: ${message.message}`));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the load's thread ended (${code})`)));
    worker.postMessage(plan);
  }).finally(() => void worker.terminate());
}

/**
 * Runs `jobs` against `origin` with `inFlight` at a time, each worker on a connection of
 * its own; the first `warmUp` are not counted in the figures, and are given apart (`start`):
 * what a service just started answers while its code is still being compiled to its fast
 * form. `meter`, if given, starts counting CPU when the warm-up ends and says what each
 * counted request cost.
 *
 * The load runs on a thread of its own: the bench's own heap (the fleet's keys, every job,
 * the bench's modules) made its scavenges take 10–35 ms on the busy cores, each of which held
 * all the requests in flight at once, as no 50 separate counters ever are.
 */
export async function runLoad(
  origin: string,
  jobs: Job[],
  inFlight: number,
  warmUp: number,
  meter?: () => { per(requests: number): CpuShare },
  cookies: string[] = [],
): Promise<LoadFigures> {
  const { hostname, host, port } = new URL(origin);
  let counting: { per(requests: number): CpuShare } | undefined;
  const run = await runOnThread(
    { port: Number(port), host: hostname, hostHeader: host, inFlight, warmUp, cookies, jobs },
    () => (counting = meter?.()),
  );
  const figures = {
    ...loadFigures(run.latencies, run.countedSeconds, run.errors),
    start: loadFigures(run.warming, run.warmUpSeconds, 0),
  };
  return counting ? { ...figures, cpuMs: counting.per(run.latencies.length) } : figures;
}

/**
 * Two claims per receipt, by counters a few apart, so they are in flight together; each
 * counter starts with its login's cookie (`cookies`, given to runLoad).
 */
export function claimJobs(
  counters: number,
  codes: readonly string[],
  handoverId: () => string,
): Job[] {
  return codes.flatMap((code, receipt) =>
    [0, 1].map((offset) => ({
      kind: 'claim' as const,
      receipt,
      counter: (receipt + offset * 7) % counters,
      body: JSON.stringify({ code, handoverId: handoverId() }),
    })),
  );
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
    // Its own bytes: a small Buffer is a view of a shared slab, which the thread would be
    // sent whole.
    return { kind: 'order' as const, request: new Uint8Array(bytes), receiptId: order.receiptId };
  });
}
