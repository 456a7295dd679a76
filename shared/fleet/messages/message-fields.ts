/**
 * The fields the fleet's payloads share: a time, a bounded sentence, a count, megabytes.
 */
import { z } from 'zod';

export const isoTime = z.iso.datetime();
/** A sentence or a name for the log and the console: no control characters, bounded. */
export const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u);
export const count = z.int().min(0);
export const megabytes = z.number().min(0).max(1_000_000);
