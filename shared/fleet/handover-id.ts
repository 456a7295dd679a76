/**
 * A counter's own id for one handover (16 random bytes or more, base64url), sent with it to
 * the shop service: sent again after a lost answer, or as the "Hand over anyway" of the same
 * attempt, it is the same handover, never a second one and never beaten by itself.
 */
import { z } from 'zod';

export const HANDOVER_ID_PATTERN = /^[A-Za-z0-9_-]{16,43}$/;

export const handoverIdSchema = z.string().regex(HANDOVER_ID_PATTERN);
