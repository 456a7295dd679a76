/**
 * A handover staff made without the service's word ("Hand over anyway": the counter was
 * offline, or staff judged a claim interrupted), sent later with the time staff chose it.
 * It is never refused for having been beaten and never overwrites: if no counter had
 * handed the receipt over, it becomes the receipt's handover; if one had, both are kept and
 * a conflict is filed for staff and the operator.
 */
import type { Kysely } from 'kysely';
import { fileConflict, type ConflictView } from '../conflicts/conflict-store';
import type { HandoverMode, ShopTables } from '../db/tables';
import {
  handoverOf,
  insertReportedHandover,
  type HandoverInput,
  type HandoverView,
} from './handover-store';

export type ReportOutcome =
  | { kind: 'recorded'; handover: HandoverView; repeat: boolean }
  | { kind: 'conflict'; handover: HandoverView; conflict: ConflictView; repeat: boolean }
  | { kind: 'id-taken' };

export async function reportHandover(
  db: Kysely<ShopTables>,
  input: HandoverInput,
  mode: Exclude<HandoverMode, 'online'>,
  now: number,
): Promise<ReportOutcome> {
  const inserted = await insertReportedHandover(db, input, mode, now);
  if (inserted) return { kind: 'recorded', handover: inserted, repeat: false };
  const first = await handoverOf(db, input.kioskId, input.receiptId);
  if (!first) return { kind: 'id-taken' };
  if (first.handoverId === input.handoverId) {
    return { kind: 'recorded', handover: first, repeat: true };
  }
  const filed = await fileConflict(db, input, mode, first, now);
  if (!filed) return { kind: 'id-taken' };
  return { kind: 'conflict', handover: first, conflict: filed.conflict, repeat: !filed.added };
}
