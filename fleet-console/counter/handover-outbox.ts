/**
 * The counter's outbox: handovers staff made without the shop service's word ("Hand over
 * anyway", while it could not be reached), kept in this browser's localStorage per fleet so
 * that a reload, a closed tab or a crash loses none, and sent to `POST /handovers/offline`
 * once the service answers again. The service never refuses one for having been beaten
 * and never overwrites: where another counter handed the same receipt over, both are kept
 * and a conflict is listed for staff and the operator.
 *
 * Read back strictly: an entry that is not one (or whose code names another receipt than
 * the entry) is dropped, never guessed at; at most MAX_OUTBOX entries are kept, and past
 * that the counter says plainly that this browser cannot keep more.
 */
import { create } from 'zustand';
import { z } from 'zod';
import { readJson, writeRaw } from '@web-shared/lib/browser-storage';
import { handoverIdSchema } from '@shared/fleet/handover-id';
import { decodeReceiptCode, RECEIPT_ID_PATTERN } from '@shared/fleet/receipt-code';
import { isValidKioskId } from '@shared/fleet/topics';
import type { ServiceClient } from '../service/service-client';
import { staffNameSchema, type Conflict, type Handover } from '../service/service-answers';
import { sessionLost } from '../service/service-session';
import { reportOffline } from './counter-calls';

export const OUTBOX_STORAGE_KEY = 'fleet-console.handover-outbox';
/** Far more than a day offline at a busy counter. */
export const MAX_OUTBOX = 5000;
/** A signed code is a few hundred characters; the service takes up to this many. */
export const MAX_CODE_LENGTH = 4096;

const entrySchema = z.strictObject({
  code: z.string().min(1).max(MAX_CODE_LENGTH),
  handoverId: handoverIdSchema,
  /** When staff handed it over (this counter's clock). */
  at: z.int().min(1).max(8.64e15),
  mode: z.enum(['offline', 'override']),
  kioskId: z.string().refine(isValidKioskId),
  receiptId: z.string().regex(RECEIPT_ID_PATTERN),
  /** Who was signed in here, for staff to read; the service names the counter itself. */
  counter: staffNameSchema,
});
export type OutboxEntry = z.infer<typeof entrySchema>;

/** One key per fleet, so a console moved to another prefix never sends the old one's. */
export const outboxStorageKey = (prefix: string): string => `${OUTBOX_STORAGE_KEY}:${prefix}`;

/** The entries a stored value holds, each checked; at most MAX_OUTBOX, one per handover id. */
export function parseOutbox(value: unknown): OutboxEntry[] {
  if (!Array.isArray(value)) return [];
  const entries: OutboxEntry[] = [];
  const ids = new Set<string>();
  for (const item of value as unknown[]) {
    if (entries.length >= MAX_OUTBOX) break;
    const parsed = entrySchema.safeParse(item);
    if (!parsed.success || ids.has(parsed.data.handoverId)) continue;
    const decoded = decodeReceiptCode(parsed.data.code);
    if (decoded?.payload.k !== parsed.data.kioskId || decoded.payload.r !== parsed.data.receiptId) {
      continue;
    }
    ids.add(parsed.data.handoverId);
    entries.push(parsed.data);
  }
  return entries;
}

/** What became of an entry once the service answered. */
export type SentOutcome =
  | { kind: 'recorded'; handover: Handover }
  | { kind: 'conflict'; handover: Handover; conflict: Conflict }
  | { kind: 'not-taken'; message: string };

/** Outcomes remembered for this page's panels (the newest). */
const MAX_OUTCOMES = 500;

export interface OutboxState {
  prefix: string | null;
  entries: readonly OutboxEntry[];
  /** Whether this browser keeps them; false: a reload before they are sent loses them. */
  kept: boolean;
  /** By handover id, what the service made of the entries sent from this page. */
  outcomes: ReadonlyMap<string, SentOutcome>;
  /** Why the last send stopped short; null when it did not. */
  problem: string | null;
}

export const useOutbox = create<OutboxState>()(() => ({
  prefix: null,
  entries: [],
  kept: true,
  outcomes: new Map(),
  problem: null,
}));

function save(entries: readonly OutboxEntry[]): void {
  const { prefix } = useOutbox.getState();
  const kept =
    prefix !== null &&
    entries.length <= MAX_OUTBOX &&
    writeRaw(outboxStorageKey(prefix), JSON.stringify(entries));
  useOutbox.setState({ entries, kept });
}

/** The outbox of this fleet, as this browser kept it. */
export function openOutbox(prefix: string): void {
  if (useOutbox.getState().prefix === prefix) return;
  useOutbox.setState({
    prefix,
    entries: parseOutbox(readJson(outboxStorageKey(prefix))),
    kept: true,
    problem: null,
  });
}

/** The entry waiting for this receipt, if any. */
export function waitingFor(
  entries: readonly OutboxEntry[],
  kioskId: string,
  receiptId: string,
): OutboxEntry | undefined {
  return entries.find((entry) => entry.kioskId === kioskId && entry.receiptId === receiptId);
}

/** Keeps a handover made without the service's word; one per receipt (the first is kept). */
export function addToOutbox(entry: OutboxEntry): OutboxEntry {
  const { entries } = useOutbox.getState();
  const known = waitingFor(entries, entry.kioskId, entry.receiptId);
  if (known) return known;
  save([...entries, entry]);
  return entry;
}

let sending: Promise<void> | null = null;

async function sendAll(client: ServiceClient): Promise<void> {
  for (const entry of [...useOutbox.getState().entries]) {
    const outcome = await reportOffline(client, entry);
    if (outcome.kind === 'unreachable') {
      useOutbox.setState({ problem: outcome.why });
      return;
    }
    if (outcome.kind === 'signed-out') {
      useOutbox.setState({ problem: 'this page is not signed in to the shop service' });
      sessionLost();
      return;
    }
    const outcomes = new Map(useOutbox.getState().outcomes);
    outcomes.set(entry.handoverId, outcome);
    if (outcomes.size > MAX_OUTCOMES) {
      const [oldest] = outcomes.keys();
      if (oldest !== undefined) outcomes.delete(oldest);
    }
    useOutbox.setState({ outcomes, problem: null });
    save(useOutbox.getState().entries.filter((kept) => kept.handoverId !== entry.handoverId));
  }
}

/** Sends what waits, oldest first, until the service cannot be reached; one send at a time. */
export function sendOutbox(client: ServiceClient): Promise<void> {
  sending ??= sendAll(client).finally(() => {
    sending = null;
  });
  return sending;
}
