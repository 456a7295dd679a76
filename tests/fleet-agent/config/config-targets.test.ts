/**
 * How the four audiences of signed config stack on one kiosk: the nearer target wins key by
 * key (kiosk > store > region > fleet), a key only a farther target sets still applies, and
 * the files, flags and variables stand above every one of them, locks included. Then end
 * to end on a real Mosquitto: three real kiosk wirings (setupFleet, the live config, remote
 * config) in two regions and three stores, set by their machine-wide files; a config signed
 * for one store is refused on another store's topic; each kiosk names its groups in its
 * status.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KioskConfig } from '../../../shared/kiosk-config/config-keys';
import {
  defaultsLayer,
  mergeConfigLayers,
  type ConfigLayer,
} from '../../../electron/main/config/config-layers';
import type { RemoteScope } from '../../../fleet-agent/config/config-envelope-rules';
import {
  remoteLayersNearestFirst,
  SCOPES_NEAREST_FIRST,
  versionInForce,
} from '../../../fleet-agent/config/config-targets';
import { healthSchema, REFUSAL_REASONS, type KioskHealth } from '../../../shared/fleet/payloads';
import { fleetConfigTopic, groupConfigTopic, kioskTopics } from '../../../shared/fleet/topics';
import { makeKeyPair, signEnvelope, type TestKeyPair } from '../../support/fleet-keys';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../support/mosquitto';
import { hasFields, observe, type Observer } from '../support/fleet-fixtures';
import { startRealKiosk, type RealKiosk } from '../../electron/main/fleet/support/real-kiosk';

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

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[fleet tests] skipped: ${skipReason}`);

const KIOSKS = {
  'kiosk-lyon-1a': 'pw-1a',
  'kiosk-lyon-2a': 'pw-2a',
  'kiosk-berlin-1a': 'pw-b1',
};
type KioskName = keyof typeof KIOSKS;

const GROUPS: Record<KioskName, { store: string; region: string }> = {
  'kiosk-lyon-1a': { store: 'lyon-1', region: 'eu-west' },
  'kiosk-lyon-2a': { store: 'lyon-2', region: 'eu-west' },
  'kiosk-berlin-1a': { store: 'berlin-1', region: 'eu-central' },
};

describe.skipIf(skipReason !== null)('config for regions and stores through Mosquitto', () => {
  let broker: Mosquitto;
  let operator: Observer;
  let signer: TestKeyPair;
  const kiosks = new Map<KioskName, RealKiosk>();
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

  const signed = (target: string, version: number, keys: Record<string, unknown>) =>
    JSON.stringify(
      signEnvelope(
        { version, target, prefix: broker.prefix, notAfter: inAnHour(), ...keys },
        signer.privateKey,
      ),
    );

  const healthOf = (id: KioskName, accept: (health: KioskHealth) => boolean, from = 0) =>
    operator
      .next(
        kioskTopics(broker.prefix, id).health,
        (bytes) => {
          const parsed = healthSchema.safeParse(JSON.parse(bytes.toString()));
          return parsed.success && accept(parsed.data);
        },
        { from },
      )
      .then((message) => healthSchema.parse(JSON.parse(message.payload.toString())));

  const effective = (id: KioskName) => {
    const kiosk = kiosks.get(id);
    if (!kiosk) throw new Error(`${id} is not running`);
    return kiosk.liveConfig.effective();
  };

  beforeAll(async () => {
    signer = makeKeyPair();
    broker = await startMosquitto({ kiosks: KIOSKS });
    operator = await observe(broker);
    // Retained before any kiosk connects: each takes what its groups say, at its first connect.
    await operator.publish(
      fleetConfigTopic(broker.prefix),
      signed('all', 1, { idleTimeoutSeconds: 120, idleCountdownSeconds: 20 }),
      { retain: true },
    );
    await operator.publish(
      groupConfigTopic(broker.prefix, 'region', 'eu-west'),
      signed('region:eu-west', 1, { idleTimeoutSeconds: 100, idleCountdownSeconds: 18 }),
      { retain: true },
    );
    await operator.publish(
      groupConfigTopic(broker.prefix, 'store', 'lyon-1'),
      signed('store:lyon-1', 1, { idleTimeoutSeconds: 80 }),
      { retain: true },
    );
    await operator.publish(
      kioskTopics(broker.prefix, 'kiosk-lyon-1a').config,
      signed('kiosk-lyon-1a', 1, { printerName: 'TM-T20' }),
      { retain: true },
    );
    for (const [id, password] of Object.entries(KIOSKS) as [KioskName, string][]) {
      const from = operator.messages.length;
      const kiosk = startRealKiosk({
        configFile: {
          fleet: {
            brokerUrl: broker.tcpUrl,
            kioskId: id,
            username: id,
            password,
            topicPrefix: broker.prefix,
            configPublicKey: signer.publicText,
          },
        },
        machineFile: {
          fleet: GROUPS[id],
          // The owner of the Berlin kiosk fixes its countdown, whatever any target says.
          ...(id === 'kiosk-berlin-1a' ? { idleCountdownSeconds: 25 } : {}),
        },
      });
      kiosks.set(id, kiosk);
      await operator.next(kioskTopics(broker.prefix, id).status, hasFields({ state: 'online' }), {
        from,
      });
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all([...kiosks.values()].map(({ fleet }) => fleet.stop()));
    await operator.close();
    await broker.dispose();
  });

  it('names each kiosk’s store and region in its retained status', async () => {
    for (const [id, groups] of Object.entries(GROUPS)) {
      const status = await operator.next(
        kioskTopics(broker.prefix, id).status,
        hasFields({ state: 'online', ...groups }),
      );
      expect(JSON.parse(status.payload.toString())).toMatchObject(groups);
    }
  });

  it('stacks the configs nearest first, key by key, under the machine-wide file', async () => {
    await healthOf('kiosk-lyon-1a', (health) => health.config.version === 1);
    await healthOf('kiosk-berlin-1a', (health) => health.config.version === 1);
    await expect
      .poll(() => effective('kiosk-lyon-1a').printerName, { timeout: 10_000 })
      .toBe('TM-T20');
    await expect
      .poll(() => effective('kiosk-lyon-1a').idleTimeoutSeconds, { timeout: 10_000 })
      .toBe(80);
    await expect
      .poll(() => effective('kiosk-lyon-2a').idleTimeoutSeconds, { timeout: 10_000 })
      .toBe(100);
    await expect
      .poll(() => effective('kiosk-berlin-1a').idleTimeoutSeconds, { timeout: 10_000 })
      .toBe(120);
    // The store sets no countdown: the region's applies in both Lyon stores.
    expect(effective('kiosk-lyon-1a').idleCountdownSeconds).toBe(18);
    expect(effective('kiosk-lyon-2a').idleCountdownSeconds).toBe(18);
    // The machine-wide file wins over the fleet's config.
    expect(effective('kiosk-berlin-1a').idleCountdownSeconds).toBe(25);
    // Only the kiosk it was signed for takes a kiosk's config.
    expect(effective('kiosk-lyon-2a').printerName).not.toBe('TM-T20');
  });

  it('refuses a config signed for another store, and leaves that store’s kiosks alone', async () => {
    const from = operator.messages.length;
    // Signed for lyon-1, published where lyon-2's kiosks read their store's config.
    await operator.publish(
      groupConfigTopic(broker.prefix, 'store', 'lyon-2'),
      signed('store:lyon-1', 2, { idleTimeoutSeconds: 15 }),
      { retain: true },
    );
    const health = await healthOf(
      'kiosk-lyon-2a',
      (h) => h.config.refusals.some((refusal) => refusal.reason === REFUSAL_REASONS.wrongTarget),
      from,
    );
    expect(health.config.refusals.at(-1)).toMatchObject({
      topic: groupConfigTopic(broker.prefix, 'store', 'lyon-2'),
      reason: REFUSAL_REASONS.wrongTarget,
    });
    expect(effective('kiosk-lyon-2a').idleTimeoutSeconds).toBe(100);
    // lyon-1's kiosk never reads lyon-2's topic, so it keeps its own store's value.
    expect(effective('kiosk-lyon-1a').idleTimeoutSeconds).toBe(80);
    expect(effective('kiosk-berlin-1a').idleTimeoutSeconds).toBe(120);
  });

  it('applies a new region config live to every kiosk of that region, and only to them', async () => {
    await operator.publish(
      groupConfigTopic(broker.prefix, 'region', 'eu-west'),
      signed('region:eu-west', 2, { idleTimeoutSeconds: 95, idleCountdownSeconds: 12 }),
      { retain: true },
    );
    await expect
      .poll(() => effective('kiosk-lyon-2a').idleTimeoutSeconds, { timeout: 10_000 })
      .toBe(95);
    await expect
      .poll(() => effective('kiosk-lyon-1a').idleCountdownSeconds, { timeout: 10_000 })
      .toBe(12);
    // The store still wins its key in lyon-1; Berlin is in another region.
    expect(effective('kiosk-lyon-1a').idleTimeoutSeconds).toBe(80);
    expect(effective('kiosk-berlin-1a').idleTimeoutSeconds).toBe(120);
  });
});
