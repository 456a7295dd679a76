// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrokerSession } from '../../connection/broker-session-handle';
import { useFleetStore } from '../../fleet/fleet-store';
import { PREFIX } from '../../test/messages';
import { sendCommand } from './send-command';

function fakeSession(publish: BrokerSession['publish']): BrokerSession {
  return {
    prefix: PREFIX,
    publish,
    watch: () => undefined,
    unwatch: () => undefined,
    subscribeOnce: () => Promise.resolve(),
    unsubscribeOnce: () => undefined,
    connected: () => true,
    ask: () => undefined,
    close: () => undefined,
  };
}

describe('sending a command', () => {
  afterEach(() => useFleetStore.getState().reset());

  it('publishes at QoS 0, never retained, with the id its acks will carry', async () => {
    const publish = vi.fn<BrokerSession['publish']>(() => Promise.resolve());
    await sendCommand(fakeSession(publish), 'ping', 'k1');
    expect(publish).toHaveBeenCalledTimes(1);
    const [topic, payload, options] = publish.mock.calls[0] ?? [];
    expect(topic).toBe(`${PREFIX}/kiosks/k1/commands`);
    expect(options).toEqual({ retain: false, qos: 0 });
    const { id } = JSON.parse(payload ?? '{}') as { id: string };
    expect(useFleetStore.getState().fleet.commands.map((command) => command.id)).toEqual([id]);
  });
});
