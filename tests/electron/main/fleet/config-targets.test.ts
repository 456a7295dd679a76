/**
 * How the four audiences of signed config stack on one kiosk: the nearer target wins key by
 * key (kiosk > store > region > fleet), a key only a farther target sets still applies, and
 * the files, flags and variables stand above every one of them, locks included.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { KioskConfig } from '../../../../electron/main/config/config-keys';
import {
  defaultsLayer,
  mergeConfigLayers,
  type ConfigLayer,
} from '../../../../electron/main/config/config-layers';
import type { RemoteScope } from '../../../../electron/main/fleet/config-envelope-rules';
import {
  remoteLayersNearestFirst,
  SCOPES_NEAREST_FIRST,
  versionInForce,
} from '../../../../electron/main/fleet/config-targets';

const log = { info: vi.fn(), warn: vi.fn() };
const where = (scope: RemoteScope) => `topic of ${scope}`;
type Values = Partial<KioskConfig>;

function merged(remote: Partial<Record<RemoteScope, Values>>, above: ConfigLayer[] = []) {
  const layers = remoteLayersNearestFirst(
    {
      kiosk: remote.kiosk ?? null,
      store: remote.store ?? null,
      region: remote.region ?? null,
      fleet: remote.fleet ?? null,
    },
    where,
  );
  return mergeConfigLayers([defaultsLayer(), ...layers, ...above], log);
}

describe('stacking the configs of the fleet, a region, a store and a kiosk', () => {
  it('lists the layers in force nearest first, and none for a scope with nothing in force', () => {
    const layers = remoteLayersNearestFirst(
      {
        kiosk: null,
        store: { idleTimeoutSeconds: 40 },
        region: null,
        fleet: { idleTimeoutSeconds: 90 },
      },
      where,
    );
    expect(layers).toEqual([
      { name: 'remote', where: 'topic of store', values: { idleTimeoutSeconds: 40 } },
      { name: 'remote', where: 'topic of fleet', values: { idleTimeoutSeconds: 90 } },
    ]);
    expect(SCOPES_NEAREST_FIRST).toEqual(['kiosk', 'store', 'region', 'fleet']);
  });

  it('lets the nearer target win each key, and a farther one keep the keys nobody nearer sets', () => {
    const { config, origins } = merged({
      fleet: { idleTimeoutSeconds: 120, idleCountdownSeconds: 20, printerName: 'Fleet printer' },
      region: { idleTimeoutSeconds: 100, idleCountdownSeconds: 15 },
      store: { idleTimeoutSeconds: 80 },
      kiosk: { printerName: 'TM-T20' },
    });
    expect(config.idleTimeoutSeconds).toBe(80); // store over region and fleet
    expect(config.idleCountdownSeconds).toBe(15); // region over fleet; nobody nearer sets it
    expect(config.printerName).toBe('TM-T20'); // kiosk over fleet
    expect(origins.idleTimeoutSeconds).toBe('remote');
  });

  it('keeps the machine-wide file, the command line and the environment above every target', () => {
    const { config, origins } = merged(
      {
        kiosk: { idleTimeoutSeconds: 30 },
        store: { idleTimeoutSeconds: 40 },
        region: { printerName: 'Region printer' },
      },
      [
        { name: 'machine-wide file', values: { idleTimeoutSeconds: 300 } },
        { name: 'environment', values: { printerName: 'Env printer' } },
      ],
    );
    expect(config.idleTimeoutSeconds).toBe(300);
    expect(origins.idleTimeoutSeconds).toBe('machine-wide file');
    expect(config.printerName).toBe('Env printer');
  });

  it('holds a key the machine-wide file locks at its value, whatever any target says', () => {
    const { config } = merged(
      { kiosk: { idleCountdownSeconds: 5 }, store: { idleCountdownSeconds: 6 } },
      [{ name: 'machine-wide file', values: {}, locks: ['idleCountdownSeconds'] }],
    );
    expect(config.idleCountdownSeconds).toBe(defaultsLayer().values.idleCountdownSeconds);
  });

  it('always takes, for every key, the value of the nearest scope that sets it', () => {
    const scopeValues = fc.record(
      {
        kiosk: fc.integer({ min: 10, max: 3600 }),
        store: fc.integer({ min: 10, max: 3600 }),
        region: fc.integer({ min: 10, max: 3600 }),
        fleet: fc.integer({ min: 10, max: 3600 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(scopeValues, (set) => {
        const remote = Object.fromEntries(
          Object.entries(set).map(([scope, seconds]) => [scope, { idleTimeoutSeconds: seconds }]),
        );
        const nearest = SCOPES_NEAREST_FIRST.find((scope) => set[scope] !== undefined);
        const expected =
          nearest === undefined ? defaultsLayer().values.idleTimeoutSeconds : set[nearest];
        expect(merged(remote).config.idleTimeoutSeconds).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the version in force', () => {
  const none = { kiosk: false, store: false, region: false, fleet: false };
  const versions = { kiosk: 9, store: 7, region: 5, fleet: 3 };

  it('is the nearest scope with a config in force', () => {
    expect(versionInForce({ ...none, store: true, fleet: true }, versions)).toBe(7);
    expect(versionInForce({ ...none, region: true }, versions)).toBe(5);
    expect(versionInForce({ kiosk: true, store: true, region: true, fleet: true }, versions)).toBe(
      9,
    );
  });

  it('is null when nothing is in force, whatever versions were taken', () => {
    expect(versionInForce(none, versions)).toBeNull();
  });
});
