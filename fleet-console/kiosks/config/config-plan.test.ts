// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ConfigInForce } from '../../fleet/fleet-state';
import { configEnvelopeSchema } from '@shared/fleet/payloads';
import type { ConfigEnvelope } from '../../protocol/config-envelope';
import { diffConfig, flattenConfig } from './config-diff';
import { planConfig } from './config-plan';

const SIGNATURE = 'S'.repeat(86);
const NOW = Date.parse('2026-11-23T10:00:00.000Z');
/** A config's fields; prefix and notAfter default to this fleet's and a valid time. */
type Fields = { version: number; target: string } & Record<string, unknown>;
const envelope = (config: Fields): ConfigEnvelope =>
  configEnvelopeSchema.parse({
    config: { prefix: 'kiosk-shop', notAfter: '2026-12-31T23:59:00.000Z', ...config },
    signature: SIGNATURE,
  });
const inForce = (config: Fields): ConfigInForce => ({
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
      planConfig(
        envelope({ version: 4, target: 'all', idleTimeoutSeconds: 90 }),
        configs,
        'kiosk-shop',
        NOW,
      ),
    ).toEqual({
      topic: 'kiosk-shop/fleet/config',
      target: 'all',
      version: 4,
      prefix: 'kiosk-shop',
      notAfter: Date.parse('2026-12-31T23:59:00.000Z'),
      tombstone: false,
      versionInForce: 3,
      // The signed fields are shown apart: only keys are compared.
      changes: [{ key: 'idleTimeoutSeconds', kind: 'changed', before: '60', after: '90' }],
      blocker: null,
    });
    expect(
      planConfig(
        envelope({ version: 1, target: 'k2', prefix: 'shop/eu' }),
        configs,
        'shop/eu',
        NOW,
      ),
    ).toMatchObject({
      topic: 'shop/eu/kiosks/k2/config',
      versionInForce: null,
      blocker: null,
    });
  });

  it('will not publish a version the kiosks would ignore or refuse', () => {
    expect(
      planConfig(envelope({ version: 3, target: 'all' }), configs, 'kiosk-shop', NOW).blocker,
    ).toMatch(/already in force/);
    expect(
      planConfig(envelope({ version: 2, target: 'all' }), configs, 'kiosk-shop', NOW).blocker,
    ).toMatch(/stale version/);
  });

  it('will not publish a config signed for another prefix, or one that has expired', () => {
    expect(
      planConfig(
        envelope({ version: 4, target: 'all', prefix: 'shop/eu' }),
        configs,
        'kiosk-shop',
        NOW,
      ).blocker,
    ).toMatch(/wrong prefix.*--prefix kiosk-shop/);
    expect(
      planConfig(
        envelope({ version: 4, target: 'all', notAfter: '2026-11-23T09:59:59.000Z' }),
        configs,
        'kiosk-shop',
        NOW,
      ).blocker,
    ).toMatch(/expired/);
  });

  it('shows a tombstone as the withdrawal of every key in force', () => {
    const plan = planConfig(
      envelope({ version: 5, target: 'all', tombstone: true }),
      configs,
      'kiosk-shop',
      NOW,
    );
    expect(plan).toMatchObject({ tombstone: true, blocker: null, versionInForce: 3 });
    expect(plan.changes).toEqual([
      { key: 'idleTimeoutSeconds', kind: 'removed', before: '60', after: null },
    ]);
  });
});
