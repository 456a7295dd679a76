/**
 * The will keeper's options: a cluster's node list, checked before any node is reached, and
 * its password from the environment.
 */
import { describe, expect, it } from 'vitest';
import { readWillKeeperOptions } from '../../../services/will-keeper/will-keeper-options';

const NODES = ['--broker', 'mqtts://n1:8883,mqtts://n2:8883,mqtts://n3:8883'];

describe('the will keeper’s options', () => {
  it('reads every flag, and the keeper’s password from the environment', () => {
    const { keeper, seconds } = readWillKeeperOptions(
      [
        ...NODES,
        '--username',
        'will-keeper',
        '--ca',
        '/etc/kiosk-shop/ca.crt',
        '--prefix',
        'chain/north',
        '--settle-seconds',
        '90',
        '--seconds',
        '30',
      ],
      { FLEET_KEEPER_PASSWORD: 'from-env' },
    );
    expect(keeper).toEqual({
      brokerUrls: ['mqtts://n1:8883', 'mqtts://n2:8883', 'mqtts://n3:8883'],
      prefix: 'chain/north',
      username: 'will-keeper',
      password: 'from-env',
      caFile: '/etc/kiosk-shop/ca.crt',
      settleMs: 90_000,
    });
    expect(seconds).toBe(30);
  });

  it('leaves the settle time to the keeper, and runs until stopped, when not given', () => {
    const { keeper, seconds } = readWillKeeperOptions(NODES, {});
    expect(keeper).toEqual({
      brokerUrls: ['mqtts://n1:8883', 'mqtts://n2:8883', 'mqtts://n3:8883'],
      prefix: 'kiosk-shop',
    });
    expect(seconds).toBeUndefined();
  });

  it.each([
    [['--broker', 'mqtt://127.0.0.1:1883'], '--broker must list 2 to'],
    [['--broker', 'ws://127.0.0.1:1,ws://127.0.0.1:2'], 'not an mqtt:// or mqtts:// node URL'],
    [['--broker', 'mqtt://127.0.0.1:1/x,mqtt://127.0.0.1:2'], 'not an mqtt:// or mqtts://'],
    [[...NODES, '--prefix', 'a/#'], '--prefix is not a valid topic prefix'],
    [[...NODES, '--settle-seconds', '0'], '--settle-seconds must be a whole number ≥ 1'],
  ])('refuses %j', (args, message) => {
    expect(() => readWillKeeperOptions(args, {})).toThrow(message);
  });
});
