/** The console's commands to kiosks and the kiosks' acks, read without ever throwing. */
import { z } from 'zod';
import { isoTime, text } from './message-fields';

export const FLEET_COMMANDS = [
  'ping',
  'reload-config',
  'refresh-catalogue',
  'relaunch',
  'screenshot',
  'diagnostics',
] as const;
export type FleetCommandName = (typeof FLEET_COMMANDS)[number];

/** Commands that change what a shopper would see: carried out only at a safe moment. */
export const DISRUPTIVE_COMMANDS: readonly FleetCommandName[] = ['refresh-catalogue', 'relaunch'];

export const commandIdSchema = text(64).min(1);

export const commandSchema = z.strictObject({
  id: commandIdSchema,
  command: z.enum(FLEET_COMMANDS),
  args: z.record(z.string(), z.unknown()).optional(),
});
export type FleetCommand = z.infer<typeof commandSchema>;

export const ackSchema = z.strictObject({
  /** "" when a malformed command had no readable id. */
  id: text(64),
  /** "" when a malformed command had no readable name. */
  command: text(64),
  ok: z.boolean(),
  error: text(200).optional(),
  at: isoTime,
});
export type FleetAck = z.infer<typeof ackSchema>;

/** The ack errors a kiosk sends for what it cannot run. */
export const COMMAND_ERRORS = {
  notJson: 'the command is not JSON',
  malformed: 'the command is malformed',
  unknown: 'unknown command',
  tooLarge: 'the command is too large',
  notOnAttract: 'not on the attract screen',
  busy: 'busy: a shopper is using the kiosk',
} as const;

/** Commands are small; anything larger is refused unread. */
export const MAX_COMMAND_BYTES = 4096;

export type ParsedCommand =
  | { ok: true; command: FleetCommand }
  /** What to acknowledge: the id and name if they could be read, else "". */
  | { ok: false; id: string; command: string; error: string };

function readable(value: unknown): string {
  const parsed = commandIdSchema.safeParse(value);
  return parsed.success ? parsed.data : '';
}

/** Reads a command message's bytes; never throws. */
export function parseCommandMessage(bytes: Uint8Array): ParsedCommand {
  if (bytes.length > MAX_COMMAND_BYTES) {
    return { ok: false, id: '', command: '', error: COMMAND_ERRORS.tooLarge };
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { ok: false, id: '', command: '', error: COMMAND_ERRORS.notJson };
  }
  const parsed = commandSchema.safeParse(value);
  if (parsed.success) return { ok: true, command: parsed.data };
  const record =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const id = readable(record.id);
  const command = readable(record.command);
  const known = (FLEET_COMMANDS as readonly string[]).includes(command);
  return {
    ok: false,
    id,
    command,
    error: command !== '' && !known ? COMMAND_ERRORS.unknown : COMMAND_ERRORS.malformed,
  };
}
