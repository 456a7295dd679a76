/**
 * Many online claims in one transaction (db/group-commit.ts), deciding each exactly as
 * claimHandover (handover-store.ts) decides one: a single statement takes the moves' lock,
 * inserts them all (`insert … select from unnest … on conflict do nothing returning`, each
 * row with its first signer not revoked) and reads the handovers kept already for those
 * that lose; a second moves the orders of those that win. Two round trips besides the
 * transaction's own: each is a turn of the service's event loop, which under a rush of
 * claims is busy answering the others.
 *
 * Rows go in ordered by receipt, so two batches (of this replica or another) take the
 * receipts' keys in the same order and never wait on each other in a cycle; two claims of
 * one receipt in the same batch go in their order of arrival, so the first wins and the
 * second is told it lost to the first, as when they came one after the other.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { HandoversTable, ShopTables } from '../db/tables';
import { moveOnHandovers } from '../moves/handover-moves';
import { movesLock } from '../moves/move-records';
import { revokedAmong } from '../revocations/revocation-store';
import { viewOf, type ClaimOutcome, type HandoverInput } from './handover-store';

export interface ClaimRequest {
  input: HandoverInput;
  /** When the service recorded it, ms since the epoch. */
  now: number;
}

interface ClaimRows {
  /** The rows the claims inserted. */
  inserted: HandoversTable[];
  /** The claimed receipts' handovers kept before the statement began, by receipt. */
  before: Map<string, HandoversTable>;
}

/**
 * One statement: the moves' lock taken before any row goes in (the orders are read by the
 * next statement, after it), the claims inserted, and the receipts' handovers that were kept
 * already, for the claims that lose. A handover committed while the statement waited for the
 * lock is not among those; the caller reads it afresh (handoversOf).
 */
async function insertClaims(
  trx: Transaction<ShopTables>,
  claims: readonly ClaimRequest[],
): Promise<ClaimRows> {
  const column = <T>(pick: (claim: ClaimRequest) => T): T[] => claims.map(pick);
  const { rows } = await sql<HandoversTable & { inserted: boolean }>`
    with ${movesLock},
    c as (
      select * from unnest(${column((claim) => claim.input.kioskId)}::text[],
        ${column((claim) => claim.input.receiptId)}::text[],
        ${column((claim) => claim.input.handoverId)}::text[],
        ${column((claim) => claim.input.counter)}::text[],
        ${column((claim) => claim.input.recordedBy)}::text[],
        ${column((claim) => claim.input.at)}::bigint[],
        ${column((claim) => claim.now)}::bigint[],
        ${column((claim) => claim.input.serials.join(','))}::text[])
        with ordinality
        as c(kiosk_id, receipt_id, handover_id, counter, recorded_by, at, recorded_at, serials, n)
    ),
    inserted as (
      insert into handovers
        (kiosk_id, receipt_id, handover_id, counter, recorded_by, at, recorded_at, mode, serial)
      select c.kiosk_id, c.receipt_id, c.handover_id, c.counter, c.recorded_by, c.at,
        c.recorded_at, 'online', s.serial
      from c
      cross join moves_lock
      cross join lateral (
        select t.serial
        from unnest(string_to_array(c.serials, ',')) with ordinality as t(serial, m)
        where not exists (select 1 from revocations r where r.serial = t.serial)
        order by t.m
        limit 1
      ) s
      order by c.kiosk_id, c.receipt_id, c.n
      on conflict do nothing
      returning *
    )
    select true as inserted, i.* from inserted i
    union all
    select false as inserted, h.* from c
    cross join lateral (
      -- One look-up by a receipt's key, whatever the table's statistics say: a plan made
      -- while the table was small would otherwise read it all, every batch.
      select * from handovers h
      where h.kiosk_id = c.kiosk_id and h.receipt_id = c.receipt_id
      limit 1
    ) h`.execute(trx);
  const inserted: HandoversTable[] = [];
  const before = new Map<string, HandoversTable>();
  for (const { inserted: isNew, ...row } of rows) {
    if (isNew) inserted.push(row);
    else before.set(receiptKey(row.kiosk_id, row.receipt_id), row);
  }
  return { inserted, before };
}

async function handoversOf(
  trx: Transaction<ShopTables>,
  claims: readonly ClaimRequest[],
): Promise<Map<string, HandoversTable>> {
  if (claims.length === 0) return new Map();
  const { rows } = await sql<HandoversTable>`
    select h.* from unnest(${claims.map((claim) => claim.input.kioskId)}::text[],
      ${claims.map((claim) => claim.input.receiptId)}::text[]) as c(kiosk_id, receipt_id)
    cross join lateral (
      select * from handovers h
      where h.kiosk_id = c.kiosk_id and h.receipt_id = c.receipt_id
      limit 1
    ) h`.execute(trx);
  return new Map(rows.map((row) => [receiptKey(row.kiosk_id, row.receipt_id), row]));
}

const receiptKey = (kioskId: string, receiptId: string) => `${kioskId}\n${receiptId}`;

/** What a claim that inserted nothing is told: as claimHandover tells it. */
async function outcomeOfLoser(
  trx: Transaction<ShopTables>,
  input: HandoverInput,
  existing: HandoversTable | undefined,
): Promise<ClaimOutcome> {
  if (existing) {
    const handover = viewOf(existing);
    return existing.handover_id === input.handoverId
      ? { kind: 'won', handover, repeat: true }
      : { kind: 'lost', handover };
  }
  const [revoked] = await revokedAmong(trx, input.serials);
  return revoked ? { kind: 'revoked', revoked } : { kind: 'id-taken' };
}

/** The claims' outcomes, in their order, once their one transaction has committed. */
export function claimHandovers(
  db: Kysely<ShopTables>,
  claims: readonly ClaimRequest[],
): Promise<ClaimOutcome[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await insertClaims(trx, claims);
    const inserted = new Map(rows.inserted.map((row) => [row.handover_id, row]));
    const won = claims.map(({ input }) => {
      const row = inserted.get(input.handoverId);
      if (!row || row.kiosk_id !== input.kioskId || row.receipt_id !== input.receiptId) return null;
      // A repeat of the same handover in the same batch is the second to ask: a repeat.
      inserted.delete(input.handoverId);
      return row;
    });
    const batchRows = new Map(
      rows.inserted.map((row) => [receiptKey(row.kiosk_id, row.receipt_id), row]),
    );
    const keyOf = ({ input }: ClaimRequest) => receiptKey(input.kioskId, input.receiptId);
    const losers = claims.filter((_, index) => won[index] === null);
    const unseen = losers.filter(
      (claim) => !rows.before.has(keyOf(claim)) && !batchRows.has(keyOf(claim)),
    );
    const afresh = await handoversOf(trx, unseen);
    const outcomes: ClaimOutcome[] = [];
    for (const [index, claim] of claims.entries()) {
      const row = won[index];
      const key = keyOf(claim);
      outcomes.push(
        row
          ? { kind: 'won', handover: viewOf(row), repeat: false }
          : await outcomeOfLoser(
              trx,
              claim.input,
              rows.before.get(key) ?? batchRows.get(key) ?? afresh.get(key),
            ),
      );
    }
    await moveOnHandovers(
      trx,
      claims.flatMap(({ input, now }, index) =>
        won[index]
          ? [{ kioskId: input.kioskId, receiptId: input.receiptId, by: moverOf(input), at: now }]
          : [],
      ),
    );
    return outcomes;
  });
}

const moverOf = (input: HandoverInput) => ({ id: input.recordedBy, name: input.counter });
