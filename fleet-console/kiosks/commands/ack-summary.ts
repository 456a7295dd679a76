import { formatCount } from '@web-shared/lib/count';
import type { SentCommand } from '../../fleet/fleet-state';
import { ACK_TIMEOUT_MS, deliveryOf } from './command-delivery';

export interface AckTally {
  ok: number;
  failed: number;
  expected: number;
}

export function tallyAcks(command: SentCommand): AckTally {
  let ok = 0;
  let failed = 0;
  for (const ack of command.acks.values()) {
    if (ack.ok) ok += 1;
    else failed += 1;
  }
  return { ok, failed, expected: command.expected };
}

/**
 * "ping: 998 of 1,000 acknowledged, 2 errors" — what the live region says. Given `now`, a
 * command whose acknowledgements did not all come within ACK_TIMEOUT_MS says it was not
 * delivered (command-delivery.ts).
 */
export function describeAcks(command: SentCommand, now?: number): string {
  if (command.problem) return `${command.command} was not sent: ${command.problem}`;
  const delivery = now === undefined ? null : deliveryOf(command, now);
  if (delivery?.state === 'not-delivered') {
    const to =
      command.target === 'all'
        ? `${formatCount(delivery.missing)} of ${formatCount(command.expected)} kiosks`
        : command.target;
    return `${command.command} was not delivered to ${to}: no acknowledgement within ${ACK_TIMEOUT_MS / 1000} s`;
  }
  const { ok, failed, expected } = tallyAcks(command);
  const answered = ok + failed;
  const errors = failed === 1 ? '1 error' : `${formatCount(failed)} errors`;
  if (command.target !== 'all') {
    if (answered === 0)
      return `${command.command} sent to ${command.target}, awaiting its acknowledgement`;
    const ack = command.acks.get(command.target) ?? [...command.acks.values()][0];
    return ack?.ok
      ? `${command.command} acknowledged by ${command.target}`
      : `${command.command} refused by ${command.target}: ${ack?.error ?? 'no reason given'}`;
  }
  return `${command.command}: ${formatCount(answered)} of ${formatCount(expected)} acknowledged, ${errors}`;
}
