import { z } from 'zod';

/** A kiosk's acknowledgement of a command (FLEET-CONTRACT.md). */
export interface AckView {
  id: string;
  command: string;
  ok: boolean;
  error: string | null;
  at: number | null;
}

const ack = z.looseObject({
  id: z.string().max(64),
  command: z.string().max(64),
  ok: z.boolean(),
  error: z.string().max(500).optional(),
  at: z.string().max(40).optional(),
});

export function readAck(json: unknown): AckView | null {
  const parsed = ack.safeParse(json);
  if (!parsed.success) return null;
  const at = parsed.data.at === undefined ? Number.NaN : Date.parse(parsed.data.at);
  return {
    id: parsed.data.id,
    command: parsed.data.command,
    ok: parsed.data.ok,
    // An ack that says it failed always carries a reason for the operator.
    error: parsed.data.ok ? null : (parsed.data.error ?? 'no reason given'),
    at: Number.isFinite(at) ? at : null,
  };
}
