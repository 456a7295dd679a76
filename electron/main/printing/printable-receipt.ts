/**
 * The receipt the renderer asks main to print, checked before anything is drawn: exact
 * shapes (no extra keys), bounded text and line count, and integer cents. A receipt that
 * fails is not printed at all; the reason goes to the log, never to the printer.
 */
import { z } from 'zod';
import {
  PRINTABLE_RECEIPT_LIMITS as LIMITS,
  RECEIPT_ID_PATTERN,
  type PrintableReceipt,
} from '../../../shared/printable-receipt';
import { COLLECTION_NUMBER_PATTERN } from '../../../shared/collection-number';
import { SHOPPER_LANGUAGES } from '../../../shared/languages';

/** A whole number of cents, 0 or more, exact as a double. */
const cents = z.number().refine(Number.isSafeInteger, 'not whole cents').min(0);

const line = z.strictObject({
  title: z.string().min(1).max(LIMITS.title),
  quantity: z.number().int().min(1).max(LIMITS.quantity),
  lineTotal: cents,
});

const printableReceipt = z.strictObject({
  id: z.string().regex(RECEIPT_ID_PATTERN),
  issuedAt: z.number().int().min(0).max(LIMITS.issuedAt),
  lines: z.array(line).min(1).max(LIMITS.lines),
  savings: cents,
  tax: cents,
  total: cents,
  /** The shopper's language, one of the shop's: the slip's words and formats follow it. */
  language: z.enum(SHOPPER_LANGUAGES).optional(),
  /** The letter and number main gave the order: nothing else is printed large. */
  collectionNumber: z.string().regex(COLLECTION_NUMBER_PATTERN).optional(),
});

/** Reasons go to the log: a hostile key name must not fill it. */
const MAX_REASON_LENGTH = 200;

/** The receipt, or why it is not one (a short phrase naming the first bad field, for the log). */
export function readPrintableReceipt(value: unknown): PrintableReceipt | string {
  // Counted before any line is looked at, so a huge list costs nothing to refuse.
  const lines = (value as { lines?: unknown } | null)?.lines;
  if (Array.isArray(lines) && lines.length > LIMITS.lines) {
    return `lines: more than ${LIMITS.lines}`;
  }
  const result = printableReceipt.safeParse(value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  if (!issue) return 'not a receipt';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'the receipt';
  return `${where}: ${issue.message}`.slice(0, MAX_REASON_LENGTH);
}
