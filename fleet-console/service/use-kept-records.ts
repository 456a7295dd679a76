import { useCallback, useEffect, useRef, useState } from 'react';
import { readJson, writeRaw } from '@web-shared/lib/browser-storage';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import { mergeRecords, readKeptRecords } from './kept-records';
import type { RecordKind } from './record-kinds';
import type { ServiceClient } from './service-client';
import { sessionLost, useServiceSession } from './service-session';

/** How often the records are asked for again while this page is signed in. */
export const REFRESH_EVERY_MS = 60_000;

export interface KeptRecordsView<T> {
  /** Every record verified under the pinned key: the kept copy and what the service added. */
  items: readonly T[];
  /** When the service last sent them (this page's clock); null: never, in this browser. */
  fetchedAt: number | null;
  /** Records the service sent that do not verify here (ignored). */
  refused: number;
  /** Why the copy is not fresh, or not trusted; null: nothing to say. */
  problem: string | null;
  /** Asks the service now. */
  refresh: () => void;
}

type View<T> = Omit<KeptRecordsView<T>, 'refresh'>;

const NOTHING = { items: [], fetchedAt: null, refused: 0, problem: null } as const;

interface Where {
  prefix: string;
  key: string;
}

/** The copy this browser kept, each record checked again: whole, or dropped. */
async function loadKept<T>(
  kind: RecordKind<T>,
  storageKey: string,
  where: Where,
  subtle: Ed25519Verifier<CryptoKey>,
): Promise<View<T>> {
  const copy = readKeptRecords(readJson(storageKey), kind.itemSchema, where, kind.max);
  const items = copy?.items ?? [];
  const checks = await Promise.all(items.map((item) => kind.verify(item, where, subtle)));
  return checks.every(Boolean)
    ? { items, fetchedAt: copy?.fetchedAt ?? null, refused: 0, problem: null }
    : { ...NOTHING, problem: 'the copy kept in this browser does not verify and was dropped' };
}

/**
 * What the service has now, each record verified (`verify`), added to `kept` and kept in
 * this browser; or why not (null when the page is no longer signed in).
 */
async function fetchMore<T>(
  client: ServiceClient,
  kind: RecordKind<T>,
  storageKey: string,
  where: Where,
  kept: readonly T[],
  verify: (item: T) => Promise<boolean>,
): Promise<View<T> | { problem: string } | null> {
  const reply = await client.request('GET', kind.path);
  if (reply.kind === 'answer' && reply.status === 401) return null;
  const items = reply.kind === 'answer' && reply.status === 200 ? kind.itemsOf(reply.body) : null;
  if (items === null) {
    return {
      problem:
        reply.kind === 'unreachable' ? reply.why : 'the shop service’s answer was not readable',
    };
  }
  const checks = await Promise.all(items.map(verify));
  const verified = items.filter((_item, index) => checks[index]);
  const merged = mergeRecords(kept, verified, kind.idOf, kind.max);
  const fetchedAt = Date.now();
  writeRaw(storageKey, JSON.stringify({ ...where, fetchedAt, items: merged }));
  return { items: merged, fetchedAt, refused: items.length - verified.length, problem: null };
}

/**
 * A kind of signed record from the shop service, each verified here under the pinned key,
 * added to the copy kept in this browser, and asked for again every REFRESH_EVERY_MS while
 * signed in. Without WebCrypto or a pinned key nothing verifies, so nothing counts.
 */
export function useKeptRecords<T>(
  kind: RecordKind<T>,
  prefix: string,
  enrolmentKey: string,
  subtle: Ed25519Verifier<CryptoKey> | null,
): KeptRecordsView<T> {
  const client = useServiceSession((state) => state.client);
  const signedIn = useServiceSession((state) => state.phase === 'signed-in');
  const storageKey = `${kind.storageKey}:${prefix}`;
  const place = `${storageKey} ${enrolmentKey}`;
  /** The copy in view, for the fleet and key it was read for (another's is not shown). */
  const [held, setHeld] = useState<{ for: string; view: View<T> } | null>(null);
  const [asked, setAsked] = useState(0);
  /** Verdicts by record text: the same record is never checked twice. */
  const verdicts = useRef(new Map<string, boolean>());
  const kept = useRef<readonly T[]>([]);
  /** Settles once the kept copy is read: what the service sends is added to it, after. */
  const loaded = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    kept.current = [];
    if (enrolmentKey === '' || subtle === null) return;
    const run = { live: true };
    loaded.current = loadKept(kind, storageKey, { prefix, key: enrolmentKey }, subtle).then(
      (view) => {
        if (!run.live) return;
        kept.current = view.items;
        setHeld({ for: place, view });
      },
    );
    return () => {
      run.live = false;
    };
  }, [kind, prefix, enrolmentKey, subtle, storageKey, place]);

  useEffect(() => {
    if (!client || !signedIn || enrolmentKey === '' || subtle === null) return;
    const where = { prefix, key: enrolmentKey };
    const run = { live: true };
    const verify = async (item: T): Promise<boolean> => {
      const text = JSON.stringify(item);
      const known = verdicts.current.get(text);
      if (known !== undefined) return known;
      const ok = await kind.verify(item, where, subtle);
      if (verdicts.current.size > 2 * kind.max) verdicts.current.clear();
      verdicts.current.set(text, ok);
      return ok;
    };
    const fetchNow = async (): Promise<void> => {
      await loaded.current;
      const got = await fetchMore(client, kind, storageKey, where, kept.current, verify);
      if (!run.live) return;
      if (got === null) {
        sessionLost();
      } else if ('items' in got) {
        kept.current = got.items;
        setHeld({ for: place, view: got });
      } else {
        setHeld((current) => ({
          for: place,
          view: { ...(current?.for === place ? current.view : NOTHING), problem: got.problem },
        }));
      }
    };
    void fetchNow();
    const timer = setInterval(() => void fetchNow(), REFRESH_EVERY_MS);
    return () => {
      run.live = false;
      clearInterval(timer);
    };
  }, [client, signedIn, kind, prefix, enrolmentKey, subtle, storageKey, place, asked]);

  const refresh = useCallback(() => setAsked((count) => count + 1), []);
  if (enrolmentKey === '' || subtle === null) {
    const problem =
      subtle === null ? 'this page cannot check signatures' : 'no enrolment key is pinned';
    return { ...NOTHING, problem, refresh };
  }
  return { ...(held?.for === place ? held.view : NOTHING), refresh };
}
