import { describe, expect, it } from 'vitest';
import type { ConfigInForce } from '../fleet/fleet-state';
import type { ConfigEnvelope } from '../protocol/config-envelope';
import { diffConfig, flattenConfig } from './config-diff';
import { planConfig } from './config-plan';

const SIGNATURE = 'S'.repeat(86);
const envelope = (config: ConfigEnvelope['config']): ConfigEnvelope => ({
  config,
  signature: SIGNATURE,
});
const inForce = (config: ConfigEnvelope['config']): ConfigInForce => ({
  envelope: envelope(config),
  receivedAt: 0,
});

describe('config diff', () => {
  it('flattens nested keys to dotted paths, arrays as values', () => {
    expect(flattenConfig({ a: 1, fleet: { healthSeconds: 30, tags: [1, 2] }, empty: {} })).toEqual(
      new Map([
        ['a', '1'],
        ['fleet.healthSeconds', '30'],
        ['fleet.tags', '[1,2]'],
        ['empty', '{}'],
      ]),
    );
  });

  it('names every key added, removed, changed or the same', () => {
    expect(
      diffConfig(
        { version: 1, idleTimeoutSeconds: 60, printer: { enabled: true }, gone: 'x' },
        {
          version: 2,
          idleTimeoutSeconds: 60,
          printer: { enabled: false },
          catalogueUrl: 'https://c.example',
        },
      ),
    ).toEqual([
      { key: 'catalogueUrl', kind: 'added', before: null, after: '"https://c.example"' },
      { key: 'gone', kind: 'removed', before: '"x"', after: null },
      { key: 'idleTimeoutSeconds', kind: 'same', before: '60', after: '60' },
      { key: 'printer.enabled', kind: 'changed', before: 'true', after: 'false' },
      { key: 'version', kind: 'changed', before: '1', after: '2' },
    ]);
  });
});

describe('config plan', () => {
  const configs = new Map([
    ['all', inForce({ version: 3, target: 'all', idleTimeoutSeconds: 60 })],
    ['k1', inForce({ version: 1, target: 'k1' })],
  ]);

  it('publishes a fleet-wide config on the fleet topic, a kiosk’s on its own', () => {
    expect(
      planConfig(envelope({ version: 4, target: 'all' }), configs, 'kiosk-shop'),
    ).toMatchObject({
      topic: 'kiosk-shop/fleet/config',
      versionInForce: 3,
      blocker: null,
    });
    expect(planConfig(envelope({ version: 1, target: 'k2' }), configs, 'shop/eu')).toMatchObject({
      topic: 'shop/eu/kiosks/k2/config',
      versionInForce: null,
      blocker: null,
    });
  });

  it('will not publish a version the kiosks would ignore or refuse', () => {
    expect(
      planConfig(envelope({ version: 3, target: 'all' }), configs, 'kiosk-shop').blocker,
    ).toMatch(/already in force/);
    expect(
      planConfig(envelope({ version: 2, target: 'all' }), configs, 'kiosk-shop').blocker,
    ).toMatch(/stale version/);
  });
});
