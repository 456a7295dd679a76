/**
 * The load's loop, as the load's worker thread runs it (load-worker.ts): `inFlight`
 * workers, each on a keep-alive connection of its own, take the plan's jobs in turn; every
 * answer is read and checked. Jobs are plain data, so a plan crosses to the thread as it is.
 *
 * Claims: a counter keeps the cookie the service last set, as a browser does (a session
 * cookie is rechecked against the database once a minute, and a counter that kept its
 * first would be looked up on every claim after); a claim is right when it was handed over
 * (201) or already collected (409), and of each receipt's two claims exactly one was handed
 * over. Orders: 201 with the order kept under its receipt.
 */
import { RawConnection, requestBytes, type RawAnswer } from './raw-http';

export type Job =
  | {
      kind: 'claim';
      /** Which receipt it claims: its two claims share it. */
      receipt: number;
      /** Whose cookie it goes with. */
      counter: number;
      body: string;
    }
  | { kind: 'order'; request: Uint8Array; receiptId: string };

export interface LoadPlan {
  port: number;
  /** The service's host name, to connect to. */
  host: string;
  /** Its Host header: host:port. */
  hostHeader: string;
  inFlight: number;
  /** Jobs at the start not counted. */
  warmUp: number;
  /** The counters' first cookies, by counter. */
  cookies: string[];
  jobs: Job[];
}

export interface LoadRun {
  /** ms, of the counted jobs. */
  latencies: number[];
  /** ms, of the warm-up's. */
  warming: number[];
  errors: number;
  warmUpSeconds: number;
  countedSeconds: number;
}

const outcomeOf = (body: string): unknown => {
  try {
    return (JSON.parse(body) as { outcome?: unknown }).outcome;
  } catch {
    return undefined;
  }
};

const keptReceipt = (body: string): unknown => {
  try {
    return (JSON.parse(body) as { order?: { receiptId?: unknown } }).order?.receiptId;
  } catch {
    return undefined;
  }
};

/** Runs the plan; `warm` is called once, when the warm-up ends (at once if it has none). */
export async function executeLoad(plan: LoadPlan, warm: () => void): Promise<LoadRun> {
  const jar = [...plan.cookies];
  const made = new Map<number, { cookie: string; bytes: Buffer }>();
  const answers = new Map<number, { count: number; won: number }>();
  const claimBytes = (index: number, job: Extract<Job, { kind: 'claim' }>): Buffer => {
    const cookie = jar[job.counter] ?? '';
    const kept = made.get(index);
    if (kept?.cookie === cookie) return kept.bytes;
    const bytes = requestBytes(
      '/handovers',
      plan.hostHeader,
      { 'content-type': 'application/json', cookie },
      job.body,
    );
    made.set(index, { cookie, bytes });
    return bytes;
  };
  const claimRight = (job: Extract<Job, { kind: 'claim' }>, answer: RawAnswer): boolean => {
    if (answer.cookie) jar[job.counter] = answer.cookie;
    const outcome = outcomeOf(answer.body);
    const right =
      (answer.status === 201 && outcome === 'handed-over') ||
      (answer.status === 409 && outcome === 'already-collected');
    const receipt = answers.get(job.receipt) ?? { count: 0, won: 0 };
    answers.set(job.receipt, receipt);
    receipt.count += 1;
    if (answer.status === 201) receipt.won += 1;
    // The receipt's second answer: exactly one of its two claims handed it over.
    return right && (receipt.count < 2 || receipt.won === 1);
  };

  const latencies: number[] = [];
  const warming: number[] = [];
  let errors = 0;
  let next = 0;
  const began = performance.now();
  let started = began;
  if (plan.warmUp === 0) warm();
  const worker = async () => {
    const connection = new RawConnection(plan.port, plan.host);
    try {
      for (;;) {
        const index = next;
        next += 1;
        const job = plan.jobs[index];
        if (!job) return;
        if (index === plan.warmUp && index > 0) {
          started = performance.now();
          warm();
        }
        const begin = performance.now();
        const request = job.kind === 'claim' ? claimBytes(index, job) : job.request;
        const right = await connection.send(request).then(
          (answer) =>
            job.kind === 'claim'
              ? claimRight(job, answer)
              : answer.status === 201 && keptReceipt(answer.body) === job.receiptId,
          () => false,
        );
        made.delete(index);
        (index >= plan.warmUp ? latencies : warming).push(performance.now() - begin);
        if (!right) errors += 1;
      }
    } finally {
      connection.close();
    }
  };
  await Promise.all(Array.from({ length: plan.inFlight }, worker));
  const ended = performance.now();
  return {
    latencies,
    warming,
    errors,
    warmUpSeconds: (started - began) / 1000,
    countedSeconds: (ended - started) / 1000,
  };
}
