import { describe, expect, it } from 'vitest';
import {
  everyRollout,
  parseRolloutTopic,
  rolloutTopic,
  commandTopic,
  DEFAULT_TOPIC_PREFIX,
  everyKiosk,
  fleetConfigTopic,
  isValidKioskId,
  isValidTopicPrefix,
  kioskTopics,
  parseKioskTopic,
} from '../../../shared/fleet/topics';

describe('fleet topics', () => {
  it('names every topic of one kiosk under the prefix', () => {
    expect(kioskTopics(DEFAULT_TOPIC_PREFIX, 'kiosk-1a2b')).toEqual({
      status: 'kiosk-shop/kiosks/kiosk-1a2b/status',
      health: 'kiosk-shop/kiosks/kiosk-1a2b/health',
      acks: 'kiosk-shop/kiosks/kiosk-1a2b/acks',
      screenshot: 'kiosk-shop/kiosks/kiosk-1a2b/screenshot',
      commands: 'kiosk-shop/kiosks/kiosk-1a2b/commands',
      allCommands: 'kiosk-shop/kiosks/all/commands',
      config: 'kiosk-shop/kiosks/kiosk-1a2b/config',
      fleetConfig: 'kiosk-shop/fleet/config',
    });
  });

  it('accepts a prefix of several segments', () => {
    expect(kioskTopics('chain/north', 'k1').status).toBe('chain/north/kiosks/k1/status');
    expect(fleetConfigTopic('chain/north')).toBe('chain/north/fleet/config');
  });

  it.each(['', '/a', 'a/', 'a//b', 'a/+', '#', 'a b', 'é', 'x'.repeat(65)])(
    'refuses the prefix %j',
    (prefix) => {
      expect(isValidTopicPrefix(prefix)).toBe(false);
      expect(() => kioskTopics(prefix, 'k1')).toThrow('invalid fleet topic prefix');
    },
  );

  it.each(['', 'all', 'ALL', '+', '#', 'a/b', 'a b', 'x'.repeat(65), 'kiosk\n'])(
    'refuses the kiosk id %j, so no id can widen a topic or take the fleet-wide one',
    (id) => {
      expect(isValidKioskId(id)).toBe(false);
      expect(() => kioskTopics('kiosk-shop', id)).toThrow('invalid kiosk id');
    },
  );

  it('builds command topics for one kiosk or all', () => {
    expect(commandTopic('p', 'k1')).toBe('p/kiosks/k1/commands');
    expect(commandTopic('p', 'all')).toBe('p/kiosks/all/commands');
    expect(() => commandTopic('p', '+')).toThrow();
  });

  it('subscribes to one kind of topic of every kiosk', () => {
    expect(everyKiosk('kiosk-shop', 'status')).toBe('kiosk-shop/kiosks/+/status');
  });

  it('reads the kiosk and kind back from a topic, and nothing else', () => {
    expect(parseKioskTopic('p', 'p/kiosks/k1/health')).toEqual({ kioskId: 'k1', kind: 'health' });
    expect(parseKioskTopic('p', 'p/kiosks/k1/other')).toBeNull();
    expect(parseKioskTopic('p', 'p/kiosks/all/commands')).toBeNull();
    expect(parseKioskTopic('p', 'p/kiosks/k1/health/x')).toBeNull();
    expect(parseKioskTopic('p', 'q/kiosks/k1/health')).toBeNull();
    expect(parseKioskTopic('p', 'p/fleet/config')).toBeNull();
  });
});

describe('rollout topics', () => {
  it('names one rollout per topic, never a wildcard', () => {
    expect(rolloutTopic('kiosk-shop', 'idle-90')).toBe('kiosk-shop/fleet/rollouts/idle-90');
    expect(everyRollout('kiosk-shop')).toBe('kiosk-shop/fleet/rollouts/+');
    for (const id of ['+', '#', 'a/b', '', 'x'.repeat(65)]) {
      expect(() => rolloutTopic('kiosk-shop', id)).toThrow('invalid rollout id');
    }
    expect(parseRolloutTopic('kiosk-shop', 'kiosk-shop/fleet/rollouts/idle-90')).toBe('idle-90');
    expect(parseRolloutTopic('kiosk-shop', 'kiosk-shop/fleet/rollouts/a/b')).toBeNull();
    expect(parseRolloutTopic('kiosk-shop', 'kiosk-shop/fleet/config')).toBeNull();
  });
});
