import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ConfigKeySpec } from '../../../shared/kiosk-config/config-keys';
import { describeKey, validateConfigKeys } from '../../../shared/kiosk-config/config-validate';

const HASH = 'scrypt:32768:8:1:BwcHBwcHBwcHBwcHBwcHBw:' + 'A'.repeat(43);

describe('validateConfigKeys', () => {
  it('keeps every valid key and names each bad one with its reason, never its value', () => {
    const result = validateConfigKeys(
      {
        mode: 'windowed',
        staffPinHash: HASH,
        staffPin: '4829',
        idleTimeoutSecond: 60,
        idleCountdownSeconds: '20',
        catalogueUrl: 'https://shop.example.com/api/',
      },
      'config file',
    );
    expect(result.values).toEqual({
      mode: 'windowed',
      staffPinHash: HASH,
      catalogueUrl: 'https://shop.example.com/api',
    });
    expect(result.problems).toEqual([
      { key: 'staffPin', reason: 'must be 6 to 12 digits' },
      { key: 'idleTimeoutSecond', reason: 'unknown key' },
      {
        key: 'idleCountdownSeconds',
        reason: expect.stringContaining('expected number') as unknown,
      },
    ]);
    expect(result.named).toEqual([
      'mode',
      'staffPinHash',
      'staffPin',
      'idleCountdownSeconds',
      'catalogueUrl',
    ]);
    expect(JSON.stringify(result.problems)).not.toContain('4829');
  });

  it.each([null, [], 'kiosk', 42])('reports %j as not an object, with nothing kept', (value) => {
    expect(validateConfigKeys(value, 'config file')).toEqual({
      values: {},
      problems: [{ key: '', reason: 'must be a JSON object' }],
      named: [],
    });
  });

  it('treats __proto__ and inherited names as unknown keys, not as the table', () => {
    const result = validateConfigKeys(
      JSON.parse('{"__proto__": {"mode": "windowed"}, "toString": "x", "mode": "kiosk"}'),
      'config file',
    );
    expect(result.values).toEqual({ mode: 'kiosk' });
    expect(Object.getPrototypeOf(result.values)).toBe(Object.prototype);
    expect(result.problems.map((problem) => problem.key)).toEqual(['__proto__', 'toString']);
  });

  // Nested groups of keys limited to some layers (as the fleet's are): a table of the same
  // shape shows the validator walks and limits them.
  const FLEET_TABLE = {
    mode: spec(z.enum(['kiosk', 'windowed']), 'kiosk'),
    'fleet.brokerUrl': spec(z.string().regex(/^(mqtts?|wss?):\/\//), ''),
    'fleet.healthSeconds': spec(z.number().int().min(5), 60),
    'fleet.configPublicKey': {
      ...spec(z.string(), ''),
      from: ['machine-wide file', 'config file'] as const,
    },
  };

  it('walks nested groups and reports their keys dotted', () => {
    const result = validateConfigKeys(
      {
        mode: 'kiosk',
        fleet: { brokerUrl: 'mqtts://broker.example:8883', healthSeconds: 1, topic: 'x' },
      },
      'config file',
      FLEET_TABLE,
    );
    expect(result.values).toEqual({
      mode: 'kiosk',
      'fleet.brokerUrl': 'mqtts://broker.example:8883',
    });
    expect(result.problems).toEqual([
      { key: 'fleet.healthSeconds', reason: expect.stringContaining('>=5') as unknown },
      { key: 'fleet.topic', reason: 'unknown key' },
    ]);
    expect(validateConfigKeys({ fleet: 'mqtt://x' }, 'remote', FLEET_TABLE).problems).toEqual([
      { key: 'fleet', reason: 'must be an object of keys' },
    ]);
  });

  it('refuses a key from a layer it may not come from', () => {
    const payload = { fleet: { configPublicKey: 'MCowBQYDK2VwAyEA' } };
    expect(validateConfigKeys(payload, 'config file', FLEET_TABLE).values).toEqual({
      'fleet.configPublicKey': 'MCowBQYDK2VwAyEA',
    });
    expect(validateConfigKeys(payload, 'remote', FLEET_TABLE)).toEqual({
      values: {},
      problems: [
        {
          key: 'fleet.configPublicKey',
          reason: 'may only be set in the machine-wide file or the config file',
          locked: true,
        },
      ],
      named: ['fleet.configPublicKey'],
    });
  });

  it('refuses, as locked, every key of the real table a remote config may not set', () => {
    const payload = {
      mode: 'windowed',
      staffPinHash: '',
      idleTimeoutSeconds: 30,
      catalogueUrl: 'https://shop.example',
      fleet: { brokerUrl: 'mqtt://evil.example', healthSeconds: 30, configPublicKey: '' },
    };
    const result = validateConfigKeys(payload, 'remote');
    expect(result.values).toEqual({
      idleTimeoutSeconds: 30,
      catalogueUrl: 'https://shop.example',
      'fleet.healthSeconds': 30,
    });
    expect(result.problems.map(({ key, locked }) => ({ key, locked }))).toEqual([
      { key: 'mode', locked: true },
      { key: 'staffPinHash', locked: true },
      { key: 'fleet.brokerUrl', locked: true },
      { key: 'fleet.configPublicKey', locked: true },
    ]);
  });

  it('names keys safely in the log', () => {
    expect(describeKey('idleTimeoutSecond')).toBe('idleTimeoutSecond');
    expect(describeKey('fleet.brokerUrl')).toBe('fleet.brokerUrl');
    expect(describeKey('a\nConfig: forged line')).toBe('"a\\nConfig: forged line"');
    expect(describeKey('x'.repeat(100))).toBe(JSON.stringify('x'.repeat(64)));
  });
});

function spec<T>(schema: z.ZodType<T>, fallback: T): ConfigKeySpec<T> {
  return { schema, default: fallback };
}
