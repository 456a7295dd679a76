/**
 * Sends a command to one kiosk or to all (at COMMAND_QOS, whose note says why; never
 * retained, so a kiosk that comes back later does not run an old command), with a fresh id
 * its acknowledgements will carry.
 */
import type { BrokerSession } from '../../connection/broker-session-handle';
import { onlineCount } from '../../fleet/fleet-state';
import { useFleetStore } from '../../fleet/fleet-store';
import { FLEET_COMMANDS, type FleetCommandName } from '@shared/fleet/payloads';
import { COMMAND_QOS, commandTopic } from '@shared/fleet/topics';

export const COMMANDS = FLEET_COMMANDS;
export type CommandName = FleetCommandName;

export const COMMAND_HINTS: Record<CommandName, string> = {
  ping: 'Answers at once: is the kiosk listening?',
  'reload-config': 'Re-reads its config files and the remote config, then applies them.',
  'refresh-catalogue': 'Fetches the catalogue again, when no shopper is using the kiosk.',
  relaunch: 'Restarts the app, when no shopper is using the kiosk.',
  screenshot: 'Captures the attract screen (refused on any other screen, to protect shoppers).',
  diagnostics:
    'Sends logs, config and state for support, shopper data removed (attract screen or asleep only). Download it from the kiosk’s details.',
};

/** 16 random bytes as hex: unique enough, and available where randomUUID is not (plain http). */
export function newCommandId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function sendCommand(
  session: BrokerSession,
  command: CommandName,
  target: string,
  /** Told the command's id before it is published (its answers may come at once). */
  beforeSend?: (id: string) => void,
): Promise<void> {
  const store = useFleetStore.getState();
  const id = newCommandId();
  beforeSend?.(id);
  const expected = target === 'all' ? onlineCount(store.kiosks) : 1;
  // Recorded before it is sent: the first acknowledgements can beat the publish callback.
  store.commandSent({ id, command, target, sentAt: Date.now(), expected });
  const topic = commandTopic(session.prefix, target);
  try {
    await session.publish(topic, JSON.stringify({ id, command, args: {} }), {
      retain: false,
      qos: COMMAND_QOS,
    });
  } catch (error) {
    useFleetStore
      .getState()
      .commandFailed(id, error instanceof Error ? error.message : 'It could not be sent');
  }
}
