/**
 * Signed remote configuration, end to end: the operator publishes retained envelopes on a
 * real Mosquitto, and the real kiosk wiring (setupFleet, the live config, printing) takes
 * them in or refuses them: bad signature, wrong key, no key, invalid value, stale version,
 * wrong target, and a key the machine-wide file or the remote lock fixes. Every refusal
 * shows in health; accepted values apply live or wait for a safe relaunch, and survive a
 * restart from disk.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IPC_CHANNELS } from '../../../shared/bridge';
import { healthSchema, REFUSAL_REASONS, type KioskHealth } from '../../../shared/fleet/payloads';
import { fleetConfigTopic, kioskTopics } from '../../../shared/fleet/topics';
import { toRendererConfig } from '../../../electron/main/config/config';
import { createRemoteConfig } from '../../../fleet-agent/config/remote-config';
import { kioskRemoteKeys } from '../../../fleet-agent/config/remote-keys';
import { REMOTE_CONFIG_FILE } from '../../../fleet-agent/config/remote-config-store';
import { makeKeyPair, signEnvelope, type TestKeyPair } from '../../support/fleet-keys';
import {
  BROKER_SUITE,
  fleetBrokers,
  startFleetBroker,
  type FleetBroker,
} from '../../support/fleet-brokers';
import { hasFields, memoryLog, observe, sleep, type Observer } from '../support/fleet-fixtures';
import {
  startRealKiosk,
  type RealKiosk,
  type RealKioskSetup,
} from '../../electron/main/fleet/support/real-kiosk';

const ID = 'kiosk-remote';
const KIOSKS = { [ID]: 'pw-remote' };

describe.each(fleetBrokers())('signed remote config through %s', BROKER_SUITE, (kind) => {
  let broker: FleetBroker;
  let operator: Observer;
  let signer: TestKeyPair;
  let stranger: TestKeyPair;
  let topics: ReturnType<typeof kioskTopics>;
  const running: RealKiosk[] = [];

  const configFile = (extra: Record<string, unknown> = {}, publicKey?: string) => ({
    ...extra,
    fleet: {
      brokerUrl: broker.tcpUrl,
      kioskId: ID,
      username: ID,
      password: KIOSKS[ID],
      topicPrefix: broker.prefix,
      configPublicKey: publicKey ?? signer.publicText,
    },
  });

  const startOnline = async (setup: RealKioskSetup = {}): Promise<RealKiosk> => {
    const from = operator.messages.length;
    const kiosk = startRealKiosk({ configFile: configFile(), ...setup });
    running.push(kiosk);
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    return kiosk;
  };

  /** Publishes (retained) and waits for the health that follows it. */
  const publishConfig = async (
    topic: string,
    payload: unknown,
    accept: (health: KioskHealth) => boolean,
  ): Promise<KioskHealth> => {
    const from = operator.messages.length;
    await operator.publish(topic, JSON.stringify(payload), { retain: true });
    const message = await operator.next(
      topics.health,
      (bytes) => {
        const parsed = healthSchema.safeParse(JSON.parse(bytes.toString()));
        return parsed.success && accept(parsed.data);
      },
      { from },
    );
    return healthSchema.parse(JSON.parse(message.payload.toString()));
  };

  const reasons = (health: KioskHealth) => health.config.refusals.map((r) => r.reason);
  /** An hour from now: valid for the whole test. */
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const signed = (config: Record<string, unknown>, key = signer) =>
    signEnvelope(
      { version: 1, target: ID, prefix: broker.prefix, notAfter: inAnHour(), ...config },
      key.privateKey,
    );
  const fleetSigned = (config: Record<string, unknown>) => signed({ target: 'all', ...config });

  beforeAll(async () => {
    signer = makeKeyPair();
    stranger = makeKeyPair();
    broker = await startFleetBroker(kind, { kiosks: KIOSKS });
    operator = await observe(broker);
    topics = kioskTopics(broker.prefix, ID);
  }, 60_000);

  afterEach(async () => {
    await Promise.all(running.splice(0).map(({ fleet }) => fleet.stop()));
    // Retained configs would reach the next test's kiosk: clear them from the broker.
    for (const topic of [topics.config, fleetConfigTopic(broker.prefix)]) {
      await operator.publish(topic, '', { retain: true });
    }
  });

  afterAll(async () => {
    await operator.close();
    await broker.dispose();
  });

  it('applies a signed config live: idle times to the page, the printer, health’s period', async () => {
    const kiosk = await startOnline();
    const health = await publishConfig(
      topics.config,
      signed({ idleTimeoutSeconds: 30, printerName: 'TM-T20', fleet: { healthSeconds: 5 } }),
      (h) => h.config.version === 1,
    );
    expect(health.config.refusals).toEqual([]);
    // All of it is in force: nothing waits for a relaunch.
    expect(health.pendingRelaunch).toEqual([]);
    expect(kiosk.shop.send).toHaveBeenCalledWith(
      IPC_CHANNELS.configChanged,
      expect.objectContaining({ idleTimeoutSeconds: 30, idleCountdownSeconds: 15 }),
    );
    expect(kiosk.printing.printerName()).toBe('TM-T20');
    expect(kiosk.liveConfig.effective()['fleet.healthSeconds']).toBe(5);
    expect(kiosk.liveConfig.pendingRelaunch()).toEqual([]);
    expect(kiosk.log.matching('config version 1')).toHaveLength(1);
    // Kept on disk: the next start has it before the broker is even reached.
    expect(existsSync(join(kiosk.userData, REMOTE_CONFIG_FILE))).toBe(true);
    await kiosk.fleet.stop();
    const restarted = startRealKiosk({ configFile: configFile(), userData: kiosk.userData });
    running.push(restarted);
    expect(restarted.liveConfig.startup).toMatchObject({
      idleTimeoutSeconds: 30,
      printerName: 'TM-T20',
    });
  });

  it('sends the page only its new idle times; its other settings wait for a relaunch, as health says', async () => {
    const kiosk = await startOnline();
    kiosk.activity.setScreen('shopping');
    const health = await publishConfig(
      topics.config,
      signed({ idleCountdownSeconds: 20, catalogueMaxAgeMinutes: 5, speechOutputDevice: 'USB' }),
      (h) => h.config.version === 1,
    );
    expect(kiosk.shop.send.mock.calls).toEqual([
      [
        IPC_CHANNELS.configChanged,
        expect.objectContaining({
          idleCountdownSeconds: 20,
          catalogueMaxAgeMinutes: 60,
          speechOutputDevice: '',
        }),
      ],
    ]);
    expect(health.pendingRelaunch).toEqual(['catalogueMaxAgeMinutes', 'speechOutputDevice']);
  });

  it('takes the fleet-wide config, with this kiosk’s own config over it', async () => {
    const kiosk = await startOnline();
    await publishConfig(
      fleetConfigTopic(broker.prefix),
      fleetSigned({ version: 4, idleTimeoutSeconds: 20, idleCountdownSeconds: 10 }),
      (h) => h.config.version === 4,
    );
    expect(kiosk.liveConfig.effective()).toMatchObject({
      idleTimeoutSeconds: 20,
      idleCountdownSeconds: 10,
    });
    await publishConfig(
      topics.config,
      signed({ version: 2, idleTimeoutSeconds: 40 }),
      (h) => h.config.version === 2,
    );
    expect(kiosk.liveConfig.effective()).toMatchObject({
      idleTimeoutSeconds: 40,
      idleCountdownSeconds: 10,
    });
  });

  it('refuses a bad signature and applies nothing of it', async () => {
    const kiosk = await startOnline();
    const envelope = signed({ idleTimeoutSeconds: 30 });
    const tampered = { ...envelope, config: { ...envelope.config, idleTimeoutSeconds: 0 } };
    const health = await publishConfig(topics.config, tampered, (h) => reasons(h).length > 0);
    expect(health.config).toEqual({
      version: null,
      refusals: [
        { at: expect.any(String) as unknown, topic: topics.config, reason: 'bad signature' },
      ],
    });
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(90);
    expect(kiosk.shop.send).not.toHaveBeenCalledWith(IPC_CHANNELS.configChanged, expect.anything());
    expect(kiosk.log.matching('refused the config')).toHaveLength(1);
  });

  it('refuses a config signed with another key: "wrong key" when it names it', async () => {
    const kiosk = await startOnline();
    const foreign = {
      ...signed({ idleTimeoutSeconds: 30 }, stranger),
      publicKey: stranger.publicText,
    };
    const health = await publishConfig(topics.config, foreign, (h) => reasons(h).length > 0);
    expect(reasons(health)).toEqual(['wrong key']);
    const unnamed = signed({ version: 2, idleTimeoutSeconds: 31 }, stranger);
    const again = await publishConfig(topics.config, unnamed, (h) => reasons(h).length > 1);
    expect(reasons(again)).toEqual(['wrong key', 'bad signature']);
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(90);
  });

  it('refuses every remote config when the kiosk has no public key', async () => {
    await startOnline({ configFile: configFile({}, '') });
    const health = await publishConfig(
      topics.config,
      signed({ idleTimeoutSeconds: 30 }),
      (h) => reasons(h).length > 0,
    );
    expect(reasons(health)).toEqual(['no public key']);
  });

  it('refuses an invalid value key by key, applying the valid ones beside it', async () => {
    const kiosk = await startOnline();
    const health = await publishConfig(
      topics.config,
      signed({ idleTimeoutSeconds: -5, printerName: 'TM-T20', colour: 'red' }),
      (h) => h.config.version === 1,
    );
    expect(reasons(health)).toEqual(['invalid value: idleTimeoutSeconds', 'invalid value: colour']);
    expect(kiosk.printing.printerName()).toBe('TM-T20');
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(90);
  });

  it('refuses what the machine-wide file fixes, and what a remote may never set', async () => {
    const kiosk = await startOnline({ machineFile: { idleTimeoutSeconds: 120 } });
    const health = await publishConfig(
      topics.config,
      signed({
        idleTimeoutSeconds: 30,
        staffPin: '123456',
        fleet: { brokerUrl: 'mqtt://evil.example', configPublicKey: stranger.publicText },
        idleCountdownSeconds: 20,
      }),
      (h) => h.config.version === 1,
    );
    expect(reasons(health).sort()).toEqual(
      [
        'locked: idleTimeoutSeconds',
        'locked: staffPin',
        'locked: fleet.brokerUrl',
        'locked: fleet.configPublicKey',
      ].sort(),
    );
    expect(kiosk.liveConfig.effective()).toMatchObject({
      idleTimeoutSeconds: 120,
      idleCountdownSeconds: 20,
      staffPin: '',
      'fleet.brokerUrl': broker.tcpUrl,
      'fleet.configPublicKey': signer.publicText,
    });
  });

  it('refuses an older version, and one meant for another kiosk', async () => {
    await startOnline();
    await publishConfig(
      topics.config,
      signed({ version: 3, idleTimeoutSeconds: 30 }),
      (h) => h.config.version === 3,
    );
    const stale = await publishConfig(
      topics.config,
      signed({ version: 2, idleTimeoutSeconds: 31 }),
      (h) => reasons(h).length > 0,
    );
    expect(reasons(stale)).toEqual(['stale version']);
    const elsewhere = await publishConfig(
      topics.config,
      signed({ version: 5, target: 'kiosk-other', idleTimeoutSeconds: 32 }),
      (h) => reasons(h).length > 1,
    );
    expect(reasons(elsewhere)).toEqual(['stale version', 'wrong target']);
    expect(elsewhere.config.version).toBe(3);
  });

  it('takes a new catalogue URL by a relaunch at the attract screen, never in front of a shopper', async () => {
    const kiosk = await startOnline();
    kiosk.activity.setScreen('shopping');
    const health = await publishConfig(
      topics.config,
      signed({ catalogueUrl: 'https://catalogue.example.com/api' }),
      (h) => h.config.version === 1,
    );
    expect(kiosk.liveConfig.pendingRelaunch()).toEqual(['catalogueUrl']);
    // The console sees that the new catalogue is taken but not in force yet.
    expect(health.pendingRelaunch).toEqual(['catalogueUrl']);
    expect(kiosk.shop.send).not.toHaveBeenCalledWith(IPC_CHANNELS.configChanged, expect.anything());
    await sleep(300);
    expect(kiosk.app.relaunch).not.toHaveBeenCalled();
    kiosk.activity.setScreen('attract');
    await expect.poll(() => kiosk.app.exit.mock.calls).toEqual([[0]]);
    expect(kiosk.app.relaunch).toHaveBeenCalledTimes(1);
  });

  it('takes the shopper’s languages and default from a signed config, in force from the relaunch at the attract screen', async () => {
    const kiosk = await startOnline();
    kiosk.activity.setScreen('shopping');
    const health = await publishConfig(
      topics.config,
      signed({ languages: 'es,ar', defaultLanguage: 'ar' }),
      (h) => h.config.version === 1,
    );
    expect(health.config.refusals).toEqual([]);
    // Never a language switched under a shopper: the page keeps its languages until then.
    expect(health.pendingRelaunch.sort()).toEqual(['defaultLanguage', 'languages']);
    expect(kiosk.shop.send).not.toHaveBeenCalledWith(IPC_CHANNELS.configChanged, expect.anything());
    kiosk.activity.setScreen('attract');
    await expect.poll(() => kiosk.app.relaunch.mock.calls).toHaveLength(1);
    await kiosk.fleet.stop();
    const restarted = startRealKiosk({ configFile: configFile(), userData: kiosk.userData });
    running.push(restarted);
    // What the page is handed at start: the offered languages in order, and the default.
    expect(
      toRendererConfig(restarted.liveConfig.startup, restarted.liveConfig.startup.catalogueUrl),
    ).toMatchObject({ languages: ['es', 'ar'], defaultLanguage: 'ar' });
  });

  it('refuses a language the shop has no words for, in the list or as the default', async () => {
    await startOnline();
    const health = await publishConfig(
      topics.config,
      signed({ languages: 'en,klingon', defaultLanguage: 'xx' }),
      (h) => h.config.version === 1,
    );
    expect(reasons(health)).toEqual(['invalid value: languages', 'invalid value: defaultLanguage']);
    expect(health.pendingRelaunch).toEqual([]);
  });

  it('does not relaunch for a config it could not keep on disk (it would loop)', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'kiosk-fleet-unkept-'));
    // A folder where the store writes its file aside: every save fails.
    mkdirSync(join(userData, `${REMOTE_CONFIG_FILE}.tmp`));
    const kiosk = await startOnline({ userData });
    await publishConfig(
      topics.config,
      signed({ catalogueUrl: 'https://catalogue.example.com/api' }),
      (h) => h.config.version === 1,
    );
    await expect
      .poll(() => kiosk.log.matching('could not be kept on disk, so a relaunch would lose it'))
      .toHaveLength(1);
    expect(kiosk.app.relaunch).not.toHaveBeenCalled();
  });
  it('ignores an empty retained message: the signed config stays, and the empty one is reported', async () => {
    const kiosk = await startOnline();
    // A shopper is served: the new pin waits for a relaunch, and the kiosk stays to be watched.
    kiosk.activity.setScreen('shopping');
    await publishConfig(
      topics.config,
      signed({ idleTimeoutSeconds: 30, update: { pinVersion: '0.2.0' } }),
      (h) => h.config.version === 1,
    );
    const from = operator.messages.length;
    await operator.publish(topics.config, '', { retain: true });
    // The first health after it: a refusal, or (were it taken as a withdrawal) no version.
    const message = await operator.next(
      topics.health,
      (bytes) => {
        const { config } = healthSchema.parse(JSON.parse(bytes.toString()));
        return config.refusals.length > 0 || config.version !== 1;
      },
      { from },
    );
    const health = healthSchema.parse(JSON.parse(message.payload.toString()));
    expect(reasons(health)).toEqual([REFUSAL_REASONS.emptyMessage]);
    expect(health.config.version).toBe(1);
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(30);
    expect(kiosk.liveConfig.current()['update.pinVersion']).toBe('0.2.0');
  });

  it('withdraws a config only by a signed tombstone, and never takes a withdrawn version again', async () => {
    const kiosk = await startOnline();
    const first = signed({ version: 1, idleTimeoutSeconds: 30 });
    await publishConfig(topics.config, first, (h) => h.config.version === 1);
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(30);

    // A tombstone with the same version is stale; a forged one is refused; a higher one withdraws.
    const sameVersion = await publishConfig(
      topics.config,
      signed({ version: 1, tombstone: true }),
      (h) => reasons(h).length > 0,
    );
    expect(reasons(sameVersion)).toEqual(['stale version']);
    const forged = await publishConfig(
      topics.config,
      signed({ version: 2, tombstone: true }, stranger),
      (h) => reasons(h).length > 1,
    );
    expect(reasons(forged)).toEqual(['stale version', 'bad signature']);
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(30);
    const withdrawn = await publishConfig(
      topics.config,
      signed({ version: 2, tombstone: true }),
      (h) => h.config.version === null,
    );
    expect(reasons(withdrawn)).toEqual(['stale version', 'bad signature']);
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(90);
    expect(kiosk.log.matching('withdraws its config')).toHaveLength(1);

    // The withdrawn config, replayed as it was, is refused.
    const replayed = await publishConfig(topics.config, first, (h) => reasons(h).length > 2);
    expect(reasons(replayed).at(-1)).toBe('stale version');
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(90);
  });

  it('remembers the highest version across a restart: an older config is refused after it', async () => {
    const kiosk = await startOnline();
    const old = signed({ version: 2, idleTimeoutSeconds: 30 });
    await publishConfig(topics.config, old, (h) => h.config.version === 2);
    await publishConfig(
      topics.config,
      signed({ version: 3, tombstone: true }),
      (h) => h.config.version === null,
    );
    await kiosk.fleet.stop();
    // The retained tombstone is gone from the broker: only the kiosk's own memory refuses.
    await operator.publish(topics.config, '', { retain: true });

    const restarted = await startOnline({ userData: kiosk.userData });
    const health = await publishConfig(topics.config, old, (h) =>
      reasons(h).includes('stale version'),
    );
    expect(health.config.version).toBeNull();
    expect(restarted.liveConfig.effective().idleTimeoutSeconds).toBe(90);
  });

  it('refuses a config signed for another topic prefix or another kiosk', async () => {
    const kiosk = await startOnline();
    const otherFleet = await publishConfig(
      topics.config,
      signed({ prefix: 'another-fleet', idleTimeoutSeconds: 30 }),
      (h) => reasons(h).length > 0,
    );
    expect(reasons(otherFleet)).toEqual(['wrong prefix']);
    const otherKiosk = await publishConfig(
      topics.config,
      signed({ version: 2, target: 'kiosk-other', idleTimeoutSeconds: 31 }),
      (h) => reasons(h).length > 1,
    );
    expect(reasons(otherKiosk)).toEqual(['wrong prefix', 'wrong target']);
    // A fleet-wide config is no kiosk's own, nor the other way round.
    const fleetOnKiosk = await publishConfig(
      topics.config,
      fleetSigned({ version: 3, idleTimeoutSeconds: 32 }),
      (h) => reasons(h).length > 2,
    );
    expect(reasons(fleetOnKiosk).at(-1)).toBe('wrong target');
    const kioskOnFleet = await publishConfig(
      fleetConfigTopic(broker.prefix),
      signed({ version: 4, idleTimeoutSeconds: 33 }),
      (h) => reasons(h).length > 3,
    );
    expect(reasons(kioskOnFleet).at(-1)).toBe('wrong target');
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(90);
  });

  it('refuses an expired config, and stops applying one in force when its notAfter passes', async () => {
    const kiosk = await startOnline();
    const past = await publishConfig(
      topics.config,
      signed({ notAfter: new Date(Date.now() - 1000).toISOString(), idleTimeoutSeconds: 30 }),
      (h) => reasons(h).length > 0,
    );
    expect(reasons(past)).toEqual(['expired']);
    // Refused on arrival: never in force, not even until a timer noticed.
    expect(kiosk.log.matching('config version 1 from')).toEqual([]);
    expect(kiosk.shop.send).not.toHaveBeenCalledWith(IPC_CHANNELS.configChanged, expect.anything());
    const from = operator.messages.length;
    const soon = new Date(Date.now() + 2500).toISOString();
    await publishConfig(
      topics.config,
      signed({ version: 2, notAfter: soon, idleTimeoutSeconds: 31 }),
      (h) => h.config.version === 2,
    );
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(31);
    const expired = await operator.next(
      topics.health,
      (bytes) => healthSchema.parse(JSON.parse(bytes.toString())).config.refusals.length > 1,
      { timeoutMs: 10_000, from },
    );
    const health = healthSchema.parse(JSON.parse(expired.payload.toString()));
    expect(reasons(health)).toEqual(['expired', 'expired']);
    expect(health.config.version).toBeNull();
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(90);
    // A restart does not bring it back.
    await kiosk.fleet.stop();
    const restarted = startRealKiosk({ configFile: configFile(), userData: kiosk.userData });
    running.push(restarted);
    expect(restarted.liveConfig.startup.idleTimeoutSeconds).toBe(90);
  }, 15_000);

  it('refuses a version under the machine-wide minimum, even on a kiosk with a fresh userData', async () => {
    const kiosk = await startOnline({ machineFile: { fleet: { minConfigVersion: 5 } } });
    const below = await publishConfig(
      topics.config,
      signed({ version: 4, idleTimeoutSeconds: 30 }),
      (h) => reasons(h).length > 0,
    );
    expect(reasons(below)).toEqual(['below the minimum config version']);
    await publishConfig(
      topics.config,
      signed({ version: 5, idleTimeoutSeconds: 31, fleet: { minConfigVersion: 0 } }),
      (h) => h.config.version === 5,
    );
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(31);
    expect(kiosk.liveConfig.effective()['fleet.minConfigVersion']).toBe(5);
  });

  it('refuses a remote pin under the machine-wide minimum app version, and reports it', async () => {
    const kiosk = await startOnline({ machineFile: { update: { minVersion: '2.0.0' } } });
    // A shopper is served: a new pin waits for a relaunch, and the kiosk stays to be watched.
    kiosk.activity.setScreen('shopping');
    const health = await publishConfig(
      topics.config,
      signed({ idleTimeoutSeconds: 30, update: { pinVersion: '1.9.9', minVersion: '0.0.1' } }),
      (h) => h.config.version === 1,
    );
    expect(reasons(health).sort()).toEqual(
      ['below the minimum app version: update.pinVersion', 'locked: update.minVersion'].sort(),
    );
    expect(kiosk.liveConfig.current()['update.pinVersion']).toBe('');
    expect(kiosk.liveConfig.current()['update.minVersion']).toBe('2.0.0');
    expect(kiosk.liveConfig.effective().idleTimeoutSeconds).toBe(30);
    await publishConfig(
      topics.config,
      signed({ version: 2, update: { pinVersion: '2.0.1' } }),
      (h) => h.config.version === 2,
    );
    expect(kiosk.liveConfig.current()['update.pinVersion']).toBe('2.0.1');
  });
});

describe('a kiosk moved to another store', () => {
  const signer = makeKeyPair();
  const PREFIX = 'chain/moves';
  const NOW = Date.parse('2026-11-23T10:00:00.000Z');
  const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const forStore = (store: string, version: number, idleTimeoutSeconds: number) =>
    encode(
      signEnvelope(
        {
          version,
          target: `store:${store}`,
          prefix: PREFIX,
          notAfter: '2026-12-01T00:00:00.000Z',
          idleTimeoutSeconds,
        },
        signer.privateKey,
      ),
    );

  function kioskIn(
    groups: { store: string | null; region: string | null },
    kept: { record: object },
  ) {
    return createRemoteConfig({
      kioskId: 'kiosk-moved',
      prefix: PREFIX,
      topics: { fleet: `${PREFIX}/fleet/config`, kiosk: `${PREFIX}/kiosks/kiosk-moved/config` },
      groups: () => groups,
      publicKey: () => signer.publicText,
      keys: kioskRemoteKeys({ locks: () => [] }),
      store: {
        load: () => kept.record,
        save: (record) => {
          kept.record = structuredClone(record);
        },
      },
      log: memoryLog(),
      now: () => NOW,
    });
  }
  const idleTimeout = (config: ReturnType<typeof kioskIn>) =>
    config.layers().find((layer) => 'idleTimeoutSeconds' in layer.values)?.values
      .idleTimeoutSeconds;

  it('drops the old store’s config and takes the new store’s, whatever its version', () => {
    const groups = { store: 'lyon-1' as string | null, region: null };
    const kept = { record: {} };
    const config = kioskIn(groups, kept);
    expect(config.receive('store', forStore('lyon-1', 7, 40))).toBe('accepted');
    expect(idleTimeout(config)).toBe(40);

    groups.store = 'paris-2';
    config.reverify();
    expect(idleTimeout(config)).toBeUndefined();
    expect(config.refusals()).toEqual([]);
    // The new store's versions are its own: 3 is new there, though lyon-1 was at 7.
    expect(config.receive('store', forStore('paris-2', 3, 55))).toBe('accepted');
    expect(idleTimeout(config)).toBe(55);

    // Across a restart, the new store's versions still only go up.
    const restarted = kioskIn(groups, kept);
    expect(idleTimeout(restarted)).toBe(55);
    expect(restarted.receive('store', forStore('paris-2', 2, 30))).toBe('refused');
    expect(restarted.refusals().map((refusal) => refusal.reason)).toEqual([
      REFUSAL_REASONS.staleVersion,
    ]);
  });

  it('keeps refusing an older version in the store it stays in', () => {
    const groups = { store: 'lyon-1', region: null };
    const config = kioskIn(groups, { record: {} });
    expect(config.receive('store', forStore('lyon-1', 7, 40))).toBe('accepted');
    expect(config.receive('store', forStore('lyon-1', 3, 55))).toBe('refused');
    expect(idleTimeout(config)).toBe(40);
  });
});
