import { ackSchema } from '@shared/fleet/payloads';

/** A kiosk's acknowledgement of a command, as the console keeps it. */
export interface AckView {
  id: string;
  command: string;
  ok: boolean;
  error: string | null;
  at: number | null;
}

export function readAck(json: unknown): AckView | null {
  const parsed = ackSchema.safeParse(json);
  if (!parsed.success) return null;
  const at = Date.parse(parsed.data.at);
  return {
    id: parsed.data.id,
    command: parsed.data.command,
    ok: parsed.data.ok,
    // An ack that says it failed always carries a reason for the operator.
    error: parsed.data.ok ? null : (parsed.data.error ?? 'no reason given'),
    at: Number.isFinite(at) ? at : null,
  };
}
