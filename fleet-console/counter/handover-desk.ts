/**
 * The counter's handover desk: one record per receipt on the broker the shop already runs,
 * shared by every counter, and at most one handover per receipt, also when two counters
 * scan the same code at the same moment.
 *
 * The protocol, on the receipt's two topics (handover-messages.ts, trust-topics.ts): the
 * record on `P/handovers/ID/RECEIPT`, and the claims beside it on `…/RECEIPT/claim`.
 *
 * 1. Subscribe to both topics and publish a probe (not retained) with a fresh nonce on each.
 *    MQTT orders messages per topic, and a subscription's retained message is queued before
 *    anything published after it, so when a probe comes back every message that was on its
 *    topic has arrived.
 * 2. Anything seen before the probes (a record, a claim, something unreadable) decides:
 *    the order is collected, or being handed over, and this counter does not claim.
 * 3. Otherwise publish a claim, retained, on the claim topic, and wait for it to come back.
 *    The first claim that arrives after the probe wins. Why everyone agrees: the broker
 *    stores claims one after another; a counter that claims saw no claim before its probe
 *    came back, so it was subscribed before the first claim was stored, and receives that
 *    first claim, like every other claimer, before any later one. So all claimers see the
 *    same first claim, and exactly one of them holds it.
 * 4. The winner writes the outcome to its local queue first, then tells staff to hand over,
 *    then publishes the record (retained). The record has a topic of its own so that a
 *    loser's claim, however late it arrives, replaces only another claim, never the record.
 *
 * Crashes: a claim without a record stays retained, so every later scan refuses ("being
 * handed over", then "interrupted" once `claimInterrupted` says so) and staff decide. A
 * winner that dies before its record sends it from its queue when it is back. When the
 * broker cannot be reached, nothing is claimed: staff may hand over anyway, and the queue
 * sends it later through the same protocol; a conflict found then is reported on the
 * broker (`P/handover-conflicts/…`) for staff and the operator.
 *
 * Transport-agnostic (the console's broker worker, or MQTT.js in Node for the tests); the
 * caller feeds every message of the handover topics to `receive`.
 */
import { toBase64Url } from '@shared/fleet/base64url';
import {
  readHandoverMessage,
  type HandoverClaim,
  type HandoverConflict,
  type HandoverMessage,
  type HandoverRecord,
} from '@shared/fleet/handover-messages';
import {
  handoverClaimTopic,
  handoverConflictTopic,
  handoverTopic,
} from '@shared/fleet/trust/trust-topics';

/** How long one step (subscribe and probe, a claim's return, a publish) may take. */
export const STEP_TIMEOUT_MS = 5000;
/** A claim without a record for this long was interrupted, not in progress. */
export const STALE_CLAIM_MS = 60_000;
/**
 * How far behind this counter's clock another counter's may be before its claims look
 * older than they are: the five minutes a receipt may be dated ahead of a counter's clock,
 * so a counter further behind already shows it by refusing fresh receipts.
 */
export const CLAIM_CLOCK_TOLERANCE_MS = 5 * 60_000;

/**
 * Whether a claim without a record was interrupted rather than in progress. The claim's time
 * is the claiming counter's clock, so on its own it would make every claim of a counter
 * whose clock is behind look interrupted at once, and staff would be offered to hand over
 * an order that is being handed over. So either this counter has seen the claim sit
 * without a record for STALE_CLAIM_MS (measured on its own clock alone), or the claim's
 * time is older than that plus CLAIM_CLOCK_TOLERANCE_MS.
 */
export function claimInterrupted(claim: HandoverClaim, seenSince: number, now: number): boolean {
  return (
    now - seenSince >= STALE_CLAIM_MS || now - claim.at >= STALE_CLAIM_MS + CLAIM_CLOCK_TOLERANCE_MS
  );
}

/** How long a counter that lost waits for the winner's record, for a clearer answer. */
const WINNER_RECORD_WAIT_MS = 1500;

export interface HandoverTransport {
  /** Resolves once the broker has acknowledged the subscription. */
  subscribe(topic: string): Promise<void>;
  unsubscribe(topic: string): void;
  /** QoS 1: resolves once the broker has the message. */
  publish(topic: string, payload: string, options: { retain: boolean }): Promise<void>;
  /** Whether the link to the broker is up now. */
  connected(): boolean;
}

/** A handover this counter made that the broker does not have yet. */
export interface QueuedHandover {
  kioskId: string;
  receiptId: string;
  counter: string;
  /** When staff handed it over. */
  at: number;
  claim: string;
  /**
   * won: this counter won the claim; only the record is left to send.
   * offline: staff handed it over while the broker could not be reached.
   * override: staff handed it over over an interrupted claim.
   */
  reason: 'won' | 'offline' | 'override';
}

export interface HandoverQueueStore {
  load(): QueuedHandover[];
  /** False when it could not be kept (the caller tells staff). */
  save(entries: readonly QueuedHandover[]): boolean;
}

/** What the broker holds for a receipt. */
export type HandoverState =
  | { state: 'none' }
  | { state: 'collected'; record: HandoverRecord }
  /** `seenSince`: when this counter first saw that claim, by its own clock. */
  | { state: 'claimed'; claim: HandoverClaim; seenSince: number }
  | { state: 'unreadable' };

export type LookupResult =
  | HandoverState
  /** This counter handed it over and the broker does not have it yet. */
  | { state: 'queued'; entry: QueuedHandover }
  /** No sure answer: the broker cannot be reached, or its claims do not decide (a cluster). */
  | { state: 'unreachable'; why: string };

/** Why a counter on a cluster cannot confirm a handover (HandoverDeskOptions.exactlyOnce). */
export const NOT_THE_SHOPS_BROKER =
  'this counter is connected to a cluster, not the shop’s own broker, where two counters could both hand it over';

export type HandOverResult =
  /** Hand the goods over. `recorded`: the broker has the record (else it is queued). */
  | { kind: 'handed-over'; at: number; recorded: boolean }
  /** Do not hand over: collected, or being handed over, elsewhere. */
  | { kind: 'refused'; found: Exclude<HandoverState, { state: 'none' }> }
  /** The broker's answer is not known: staff decide. */
  | { kind: 'unconfirmed'; why: string };

export type FlushOutcome =
  | { kind: 'recorded'; entry: QueuedHandover }
  | { kind: 'conflict'; entry: QueuedHandover; conflict: HandoverConflict }
  | { kind: 'kept'; entry: QueuedHandover; why: string };

export interface HandoverDeskOptions {
  prefix: string;
  transport: HandoverTransport;
  queue: HandoverQueueStore;
  now?: () => number;
  /** A fresh random id (16 bytes, base64url). */
  randomId?: () => string;
  stepTimeoutMs?: number;
  /**
   * Whether the broker orders claims so that exactly one wins: the shop's own Mosquitto
   * (the default). False on a cluster, where a new subscription's retained message may come
   * from another node's copy (docs/fleet/cluster.md): then the desk never claims, and an
   * order with nothing on the broker is left to staff, as when the broker is away.
   */
  exactlyOnce?: boolean;
}

export interface HandoverDesk {
  /** Every message on a handover topic, as it arrives (retained or not). */
  receive(topic: string, payload: Uint8Array, retained: boolean): void;
  lookup(kioskId: string, receiptId: string): Promise<LookupResult>;
  /** The claim protocol: resolves `handed-over` for exactly one counter per receipt. */
  handOver(kioskId: string, receiptId: string, counter: string): Promise<HandOverResult>;
  /** Staff's decision without the broker's word; queued, and sent by `flush`. */
  handOverAnyway(
    kioskId: string,
    receiptId: string,
    counter: string,
    reason: 'offline' | 'override',
  ): QueuedHandover;
  /** Sends what is queued; one outcome per entry tried. */
  flush(): Promise<FlushOutcome[]>;
  queued(): readonly QueuedHandover[];
  /**
   * Whether the store keeps the queue as it stands. False: it could not (too many entries,
   * storage full), so closing or reloading the page before they are sent would lose them.
   */
  queueKept(): boolean;
  /** Called whenever the queue changes. Returns an unsubscribe function. */
  onQueueChange(listener: () => void): () => void;
}

type Seen = { message: HandoverMessage | null; retained: boolean };

class StepTimeout extends Error {}

function defaultRandomId(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new StepTimeout(what)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The state that messages seen before the probe came back describe; `seenSince` says when
 * this counter first saw a claim.
 */
export function stateOf(
  seen: readonly Seen[],
  seenSince: (claim: HandoverClaim) => number,
): HandoverState {
  let claim: HandoverClaim | null = null;
  let record: HandoverRecord | null = null;
  let unreadable = false;
  for (const { message } of seen) {
    if (message === null) unreadable = true;
    else if (message.type === 'collected') record = message;
    else if (message.type === 'claim') claim ??= message;
  }
  if (record) return { state: 'collected', record };
  if (claim) return { state: 'claimed', claim, seenSince: seenSince(claim) };
  return unreadable ? { state: 'unreadable' } : { state: 'none' };
}

export function createHandoverDesk(options: HandoverDeskOptions): HandoverDesk {
  const { prefix, transport, queue } = options;
  const now = options.now ?? Date.now;
  const randomId = options.randomId ?? defaultRandomId;
  const stepMs = options.stepTimeoutMs ?? STEP_TIMEOUT_MS;
  const exactlyOnce = options.exactlyOnce ?? true;
  /** Per topic, the watches that want its messages. */
  const watchers = new Map<string, Set<(seen: Seen) => void>>();
  const queueListeners = new Set<() => void>();
  let entries: QueuedHandover[] = queue.load();
  let flushing: Promise<FlushOutcome[]> | null = null;
  /**
   * Claims this counter sent that the broker never confirmed (a step timed out after the
   * claim went out), by receipt: if staff hand the order over anyway, the queued entry
   * carries the same claim, so that when it is sent the counter knows that claim as its own
   * instead of filing a conflict against itself. Bounded: only timeouts add to it.
   */
  const unconfirmedClaims = new Map<string, string>();
  const MAX_UNCONFIRMED_CLAIMS = 100;
  /** When this counter first saw each claim (claimInterrupted); bounded, oldest out first. */
  const firstSeen = new Map<string, number>();
  const MAX_FIRST_SEEN = 1000;
  const seenSince = (claim: HandoverClaim): number => {
    const known = firstSeen.get(claim.claim);
    if (known !== undefined) return known;
    const at = now();
    firstSeen.set(claim.claim, at);
    if (firstSeen.size > MAX_FIRST_SEEN) {
      const [oldest] = firstSeen.keys();
      if (oldest !== undefined) firstSeen.delete(oldest);
    }
    return at;
  };

  let kept = true;

  const keep = (next: QueuedHandover[]): void => {
    entries = next;
    kept = queue.save(entries);
    for (const listener of [...queueListeners]) listener();
  };
  const sameReceipt = (entry: QueuedHandover, kioskId: string, receiptId: string): boolean =>
    entry.kioskId === kioskId && entry.receiptId === receiptId;

  /** A watch of one topic: every message in arrival order, and a way to wait for one. */
  function watch(topic: string) {
    const log: Seen[] = [];
    const waiters = new Set<() => void>();
    const listener = (seen: Seen): void => {
      log.push(seen);
      for (const wake of [...waiters]) wake();
    };
    let listeners = watchers.get(topic);
    if (!listeners) {
      listeners = new Set();
      watchers.set(topic, listeners);
    }
    listeners.add(listener);
    return {
      log,
      /** The index of the first message from `from` on that matches, once it has arrived. */
      until(match: (seen: Seen) => boolean, ms: number, from = 0): Promise<number> {
        let next = from;
        let look = (): void => undefined;
        const found = new Promise<number>((resolve) => {
          look = (): void => {
            for (; next < log.length; next += 1) {
              const seen = log[next];
              if (seen && match(seen)) {
                resolve(next);
                return;
              }
            }
          };
          waiters.add(look);
          look();
        });
        return withTimeout(found, ms, 'the broker did not answer in time').finally(() =>
          waiters.delete(look),
        );
      },
      close(): void {
        const set = watchers.get(topic);
        set?.delete(listener);
        if (set?.size === 0) {
          watchers.delete(topic);
          transport.unsubscribe(topic);
        }
      },
    };
  }

  type Watch = ReturnType<typeof watch>;

  /** Step 1 on one topic: subscribe, probe, and the index just after the probe's return. */
  async function settle(topic: string, seen: Watch): Promise<number> {
    await withTimeout(transport.subscribe(topic), stepMs, 'the subscription was not confirmed');
    const nonce = randomId();
    void transport
      .publish(topic, JSON.stringify({ type: 'probe', nonce }), { retain: false })
      .catch(() => undefined);
    const echo = await seen.until(
      ({ message }) => message?.type === 'probe' && message.nonce === nonce,
      stepMs,
    );
    return echo;
  }

  /** A receipt's two topics, watched: the record's, and the claims' beside it. */
  function look(kioskId: string, receiptId: string) {
    const topics = {
      record: handoverTopic(prefix, kioskId, receiptId),
      claims: handoverClaimTopic(prefix, kioskId, receiptId),
    };
    const records = watch(topics.record);
    const claims = watch(topics.claims);
    return {
      topics,
      records,
      claims,
      close(): void {
        records.close();
        claims.close();
      },
    };
  }

  type Look = ReturnType<typeof look>;
  /** Where each topic's log stood when its probe came back, and what both held by then. */
  type Settled = { records: number; claims: number; state: HandoverState };

  /** Steps 1 and 2 on both topics. Throws on a timeout. */
  async function settleBoth(seen: Look): Promise<Settled> {
    const [records, claims] = await Promise.all([
      settle(seen.topics.record, seen.records),
      settle(seen.topics.claims, seen.claims),
    ]);
    const state = stateOf(
      [...seen.records.log.slice(0, records), ...seen.claims.log.slice(0, claims)],
      seenSince,
    );
    return { records, claims, state };
  }

  const publishRecord = async (topic: string, record: HandoverRecord): Promise<boolean> => {
    try {
      await withTimeout(
        transport.publish(topic, JSON.stringify(record), { retain: true }),
        stepMs,
        'the record was not confirmed',
      );
      return true;
    } catch {
      return false;
    }
  };

  const recordOf = (entry: QueuedHandover): HandoverRecord => ({
    type: 'collected',
    claim: entry.claim,
    counter: entry.counter,
    at: entry.at,
    ...(entry.reason === 'offline' ? { offline: true } : {}),
    ...(entry.reason === 'override' ? { override: true } : {}),
  });

  type ClaimOutcome =
    { won: true } | { won: false; found: Exclude<HandoverState, { state: 'none' }> };

  /** Step 3: claims `claimId` on a settled look; who won. Throws on a timeout. */
  async function claim(
    seen: Look,
    settled: Settled,
    claimId: string,
    counter: string,
    at: number,
  ): Promise<ClaimOutcome> {
    const payload: HandoverClaim = { type: 'claim', claim: claimId, counter, at };
    void transport
      .publish(seen.topics.claims, JSON.stringify(payload), { retain: true })
      .catch(() => undefined);
    const own = await seen.claims.until(
      ({ message }) => message?.type === 'claim' && message.claim === claimId,
      stepMs,
      settled.claims,
    );
    const first = seen.claims.log
      .slice(settled.claims, own + 1)
      .find(({ message }) => message?.type === 'claim')?.message;
    if (first?.type === 'claim' && first.claim === claimId) return { won: true };
    const winner = first?.type === 'claim' ? first : payload;
    // The winner's record usually follows at once: wait a moment for it.
    const record = await seen.records
      .until(({ message }) => message?.type === 'collected', WINNER_RECORD_WAIT_MS, settled.records)
      .then((index) => seen.records.log[index]?.message ?? null)
      .catch(() => null);
    return record?.type === 'collected'
      ? { won: false, found: { state: 'collected', record } }
      : { won: false, found: { state: 'claimed', claim: winner, seenSince: seenSince(winner) } };
  }

  const unreachable = (error: unknown): { why: string } => ({
    why:
      error instanceof StepTimeout
        ? error.message
        : error instanceof Error && error.message !== ''
          ? error.message
          : 'the broker cannot be reached',
  });

  const send = async (entry: QueuedHandover): Promise<FlushOutcome> => {
    const recordTopic = handoverTopic(prefix, entry.kioskId, entry.receiptId);
    if (entry.reason === 'won') {
      // This counter holds the first claim: only its record is missing.
      return (await publishRecord(recordTopic, recordOf(entry)))
        ? { kind: 'recorded', entry }
        : { kind: 'kept', entry, why: 'the record was not confirmed' };
    }
    const seen = look(entry.kioskId, entry.receiptId);
    try {
      const settled = await settleBoth(seen);
      const { state } = settled;
      const ours =
        (state.state === 'claimed' && state.claim.claim === entry.claim) ||
        (state.state === 'collected' && state.record.claim === entry.claim);
      if (ours || (state.state !== 'collected' && entry.reason === 'override')) {
        return (await publishRecord(recordTopic, recordOf(entry)))
          ? { kind: 'recorded', entry }
          : { kind: 'kept', entry, why: 'the record was not confirmed' };
      }
      let found = state;
      if (state.state === 'none') {
        const outcome = await claim(seen, settled, entry.claim, entry.counter, entry.at);
        if (outcome.won) {
          return (await publishRecord(recordTopic, recordOf(entry)))
            ? { kind: 'recorded', entry }
            : { kind: 'kept', entry, why: 'the record was not confirmed' };
        }
        found = outcome.found;
      }
      const conflict: HandoverConflict = {
        type: 'conflict',
        counter: entry.counter,
        at: entry.at,
        found:
          found.state === 'collected'
            ? { state: 'collected', counter: found.record.counter, at: found.record.at }
            : found.state === 'claimed'
              ? { state: 'claimed', counter: found.claim.counter, at: found.claim.at }
              : { state: 'claimed', counter: 'unknown', at: entry.at },
        reportedAt: now(),
      };
      await withTimeout(
        transport.publish(
          handoverConflictTopic(prefix, entry.kioskId, entry.receiptId),
          JSON.stringify(conflict),
          { retain: true },
        ),
        stepMs,
        'the conflict report was not confirmed',
      );
      return { kind: 'conflict', entry, conflict };
    } catch (error) {
      return { kind: 'kept', entry, why: unreachable(error).why };
    } finally {
      seen.close();
    }
  };

  const flushNow = async (): Promise<FlushOutcome[]> => {
    const outcomes: FlushOutcome[] = [];
    for (const entry of [...entries]) {
      if (!transport.connected()) break;
      const outcome = await send(entry);
      outcomes.push(outcome);
      if (outcome.kind !== 'kept') keep(entries.filter((queued) => queued !== entry));
    }
    return outcomes;
  };

  return {
    receive(topic, payload, retained) {
      const listeners = watchers.get(topic);
      // An empty retained message is the operator clearing the topic: nothing to weigh.
      if (!listeners || payload.byteLength === 0) return;
      const seen: Seen = { message: readHandoverMessage(payload), retained };
      for (const listener of [...listeners]) listener(seen);
    },

    async lookup(kioskId, receiptId) {
      const entry = entries.find((queued) => sameReceipt(queued, kioskId, receiptId));
      if (entry) return { state: 'queued', entry };
      if (!transport.connected()) {
        return { state: 'unreachable', why: 'the broker cannot be reached' };
      }
      const seen = look(kioskId, receiptId);
      try {
        const { state } = await settleBoth(seen);
        // A record or a claim still refuses; only "nothing there" is not sure on a cluster.
        return state.state === 'none' && !exactlyOnce
          ? { state: 'unreachable', why: NOT_THE_SHOPS_BROKER }
          : state;
      } catch (error) {
        return { state: 'unreachable', ...unreachable(error) };
      } finally {
        seen.close();
      }
    },

    async handOver(kioskId, receiptId, counter) {
      if (entries.some((queued) => sameReceipt(queued, kioskId, receiptId))) {
        return { kind: 'unconfirmed', why: 'this counter already handed it over (not yet sent)' };
      }
      if (!transport.connected())
        return { kind: 'unconfirmed', why: 'the broker cannot be reached' };
      const seen = look(kioskId, receiptId);
      let claimed = false;
      const claimId = randomId();
      try {
        const settled = await settleBoth(seen);
        if (settled.state.state !== 'none') return { kind: 'refused', found: settled.state };
        if (!exactlyOnce) return { kind: 'unconfirmed', why: NOT_THE_SHOPS_BROKER };
        const at = now();
        claimed = true;
        const outcome = await claim(seen, settled, claimId, counter, at);
        if (!outcome.won) return { kind: 'refused', found: outcome.found };
        // Kept before staff are told: a crash from here on still sends the record later.
        const entry: QueuedHandover = {
          kioskId,
          receiptId,
          counter,
          at,
          claim: claimId,
          reason: 'won',
        };
        keep([...entries, entry]);
        const recorded = await publishRecord(seen.topics.record, recordOf(entry));
        if (recorded) keep(entries.filter((queued) => queued !== entry));
        return { kind: 'handed-over', at, recorded };
      } catch (error) {
        const { why } = unreachable(error);
        if (!claimed) return { kind: 'unconfirmed', why };
        const key = `${kioskId}/${receiptId}`;
        unconfirmedClaims.delete(key);
        unconfirmedClaims.set(key, claimId);
        if (unconfirmedClaims.size > MAX_UNCONFIRMED_CLAIMS) {
          const [oldest] = unconfirmedClaims.keys();
          if (oldest !== undefined) unconfirmedClaims.delete(oldest);
        }
        return { kind: 'unconfirmed', why: `${why}; its claim may have reached the broker` };
      } finally {
        seen.close();
      }
    },

    handOverAnyway(kioskId, receiptId, counter, reason) {
      const known = entries.find((queued) => sameReceipt(queued, kioskId, receiptId));
      if (known) return known;
      const key = `${kioskId}/${receiptId}`;
      const entry: QueuedHandover = {
        kioskId,
        receiptId,
        counter,
        at: now(),
        claim: unconfirmedClaims.get(key) ?? randomId(),
        reason,
      };
      unconfirmedClaims.delete(key);
      keep([...entries, entry]);
      return entry;
    },

    flush() {
      flushing ??= flushNow().finally(() => {
        flushing = null;
      });
      return flushing;
    },

    queued: () => entries,

    queueKept: () => kept,

    onQueueChange(listener) {
      queueListeners.add(listener);
      return () => queueListeners.delete(listener);
    },
  };
}
