/**
 * Whether a command reached its kiosks: every command is acknowledged by each kiosk that
 * runs it (the ack is its receipt), so a command with acknowledgements still missing when
 * its time is up was not delivered (its kiosk was offline, or its broker node went down in
 * between) and is reported as such, never left waiting silently. A kiosk that comes back later does not run
 * it: commands are never retained.
 */
import type { SentCommand } from '../../fleet/fleet-state';

/** How long the console waits for acknowledgements before it says "not delivered". */
export const ACK_TIMEOUT_MS = 30_000;

export type Delivery =
  | { state: 'awaiting' }
  | { state: 'acknowledged' }
  /** `missing`: how many of the expected kiosks never answered. */
  | { state: 'not-delivered'; missing: number };

export function deliveryOf(
  command: SentCommand,
  now: number,
  timeoutMs: number = ACK_TIMEOUT_MS,
): Delivery {
  const answered =
    command.target === 'all' ? command.acks.size : command.acks.has(command.target) ? 1 : 0;
  const expected = command.target === 'all' ? command.expected : 1;
  if (answered >= expected) return { state: 'acknowledged' };
  if (now - command.sentAt < timeoutMs) return { state: 'awaiting' };
  return { state: 'not-delivered', missing: expected - answered };
}
