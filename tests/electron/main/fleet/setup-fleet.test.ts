/**
 * setupFleet, the real kiosk's fleet wiring, against a real Mosquitto: with no broker
 * nothing connects; presence and a clean quit; health from the real sources passing the
 * strict schema; the commands' real actions (catalogue refresh to the page, screenshot,
 * relaunch, reload of the files); broker trouble that never throws.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_REFRESH_CHANNEL, IPC_CHANNELS } from '../../../../shared/bridge';
import {
  ackSchema,
  healthSchema,
  statusSchema,
  type FleetAck,
  type KioskHealth,
} from '../../../../shared/fleet/payloads';
import { diagnosticsTopic, kioskTopics } from '../../../../shared/fleet/topics';
import {
  createDiagnosticsAssembler,
  readDiagnosticsChunk,
} from '../../../../shared/fleet/diagnostics-transfer';
import { KIOSK_ID_FILE } from '../../../../fleet-agent/identity/kiosk-id';
import { setupStoreHours, type StoreHours } from '../../../../fleet-agent/kiosk/store-hours';
import { makeKeyPair, signFleetConfig, type TestKeyPair } from '../../../support/fleet-keys';
import {
  publishKioskConfig,
  startKioskMainAndPreload,
} from '../../../support/kiosk-main-and-preload';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../../support/mosquitto';
import { FakeEvent } from '../../support/fake-electron';
import {
  hasFields,
  observe,
  sleep,
  TINY_PNG,
  type Observer,
} from '../../../fleet-agent/support/fleet-fixtures';
import { startRealKiosk, type RealKiosk, type RealKioskSetup } from './support/real-kiosk';

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[fleet tests] skipped: ${skipReason}`);

/** Nothing listens on port 1 of loopback: a broker that is not there. */
const NO_BROKER = 'mqtt://127.0.0.1:1';

const running: RealKiosk[] = [];
const start = (setup: RealKioskSetup): RealKiosk => {
  const kiosk = startRealKiosk(setup);
  running.push(kiosk);
  return kiosk;
};

afterEach(async () => {
  await Promise.all(running.splice(0).map(({ fleet }) => fleet.stop()));
});

describe('setupFleet without a broker', () => {
  it('connects nothing and makes no kiosk id when fleet.brokerUrl is empty', () => {
    const { fleet, log, userData, liveConfig } = start({});
    expect(fleet.client).toBeNull();
    expect(liveConfig.remote).toBeNull();
    expect(existsSync(join(userData, KIOSK_ID_FILE))).toBe(false);
    expect(log.matching('Fleet:')).toEqual([
      'info: Fleet: no broker configured (fleet.brokerUrl, fleet.brokerUrls); not connecting',
    ]);
  });

  it('with --fleet-broker but an unreachable broker: keeps a stable id, logs once, never throws', async () => {
    const first = start({ argv: [`--fleet-broker=${NO_BROKER}`] });
    const id = readFileSync(join(first.userData, KIOSK_ID_FILE), 'utf8').trim();
    expect(id).toMatch(/^kiosk-[0-9a-f]{12}$/);
    expect(first.fleet.kioskId).toBe(id);
    await sleep(1500);
    expect(first.fleet.client?.state).toBe('offline');
    expect(first.log.matching('Fleet: offline')).toHaveLength(1);
    // The same userData: the same kiosk, after a restart.
    const again = start({ argv: [`--fleet-broker=${NO_BROKER}`], userData: first.userData });
    expect(again.fleet.kioskId).toBe(id);
  });

  it('does not connect when a TLS file cannot be read, and says why', () => {
    const { fleet, log } = start({
      argv: [`--fleet-broker=mqtts://127.0.0.1:1`],
      env: { SHOP_FLEET_CA: '/nonexistent/fleet-ca.pem' },
    });
    expect(fleet.client).toBeNull();
    expect(log.matching('Fleet: not connecting')).toEqual([
      'error: Fleet: not connecting: cannot read fleet.ca /nonexistent/fleet-ca.pem (ENOENT)',
    ]);
  });

  it('a quit with the broker away waits a bounded time, then quits', async () => {
    const { app } = start({ argv: [`--fleet-broker=${NO_BROKER}`] });
    const quitting = new FakeEvent();
    const startedAt = Date.now();
    app.emit('will-quit', quitting);
    expect(quitting.defaultPrevented).toBe(true);
    await expect.poll(() => app.quit.mock.calls.length, { timeout: 3000 }).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(1500);
    // The second will-quit (from that quit) goes through.
    const second = new FakeEvent();
    app.emit('will-quit', second);
    expect(second.defaultPrevented).toBe(false);
  });
});

const KIOSKS = {
  'kiosk-setup': 'pw-setup',
  'kiosk-commands2': 'pw-commands2',
  'kiosk-reload': 'pw-reload',
  'kiosk-tls2': 'pw-tls2',
  'kiosk-refused2': 'pw-refused2',
  'kiosk-restart2': 'pw-restart2',
};

describe.skipIf(skipReason !== null)('setupFleet against Mosquitto', () => {
  let broker: Mosquitto;
  let operator: Observer;

  const fleetFile = (kioskId: keyof typeof KIOSKS, extra: Record<string, unknown> = {}) => ({
    ...extra,
    fleet: {
      brokerUrl: broker.tcpUrl,
      kioskId,
      username: kioskId,
      password: KIOSKS[kioskId],
      topicPrefix: broker.prefix,
      ...(extra.fleet as object | undefined),
    },
  });

  const sendCommand = async (kioskId: string, body: unknown): Promise<FleetAck> => {
    const topics = kioskTopics(broker.prefix, kioskId);
    const from = operator.messages.length;
    await operator.publish(topics.commands, JSON.stringify(body));
    const ack = await operator.next(topics.acks, undefined, { from });
    return ackSchema.parse(JSON.parse(ack.payload.toString()));
  };

  /** Starts a kiosk and waits until the operator sees it online. */
  const startOnline = async (kioskId: keyof typeof KIOSKS, setup: RealKioskSetup) => {
    const from = operator.messages.length;
    const kiosk = start(setup);
    const topics = kioskTopics(broker.prefix, kioskId);
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    return { kiosk, topics };
  };

  beforeAll(async () => {
    broker = await startMosquitto({ kiosks: KIOSKS, tls: true });
    operator = await observe(broker);
  }, 60_000);

  afterAll(async () => {
    await operator.close();
    await broker.dispose();
  });

  it('says online with version, start time and the receipt key, and health from the real sources', async () => {
    const kiosk = start({
      configFile: fleetFile('kiosk-setup', { printerName: 'TM-T20' }),
      deps: { identity: { enrolment: null, receiptPublicKey: () => 'A'.repeat(43) } },
    });
    const topics = kioskTopics(broker.prefix, 'kiosk-setup');
    const from = operator.messages.length;
    const status = await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    const online = statusSchema.parse(JSON.parse(status.payload.toString()));
    expect(online).toMatchObject({ state: 'online', version: '0.1.0', publicKey: 'A'.repeat(43) });
    expect(status.retain).toBe(false);
    // The health every connection sends after its status, collected before the shopper
    // below: taken first, so the one asked for next is not mistaken for it.
    await operator.next(topics.health, undefined, { from });

    // What a shopper did since start: counts only.
    kiosk.activity.setScreen('shopping');
    kiosk.activity.idleWiped();
    kiosk.activity.idleWiped();
    kiosk.activity.receiptIssued();
    kiosk.activity.catalogueLoaded({ products: 20, fetchedAt: Date.now() - 30 * 60_000 });
    const asked = operator.messages.length;
    await kiosk.fleet.client?.publishHealth();
    const message = await operator.next(topics.health, undefined, { from: asked });
    const parsed = healthSchema.safeParse(JSON.parse(message.payload.toString()));
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    const health: KioskHealth = parsed.data;
    expect(health).toMatchObject({
      version: '0.1.0',
      electron: '45.4.1',
      chrome: '140.0.7339.0',
      screen: 'shopping',
      idleWipes: 2,
      receipts: 1,
      memory: { mainMB: 100, rendererMB: 200 },
      imageCache: { bytes: 1_234_567, files: 48 },
      catalogue: { source: 'embedded', products: 20 },
      printer: { available: true },
      staffPin: { failedToday: 3 },
      gpuFallback: true,
      lastError: 'Printing: the printer caught fire',
      update: null,
      config: { version: null, refusals: [] },
    });
    expect(health.catalogue.ageMinutes).toBeGreaterThanOrEqual(30);
    expect(health.catalogue.ageMinutes).toBeLessThan(31);
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('reports the receipt printer missing when the configured one is not there', async () => {
    const kiosk = start({ configFile: fleetFile('kiosk-setup', { printerName: 'TM-T88' }) });
    const topics = kioskTopics(broker.prefix, 'kiosk-setup');
    const from = operator.messages.length;
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    const health = await operator.next(topics.health, undefined, { from });
    expect(JSON.parse(health.payload.toString())).toMatchObject({ printer: { available: false } });
    expect(kiosk.printing.printerName()).toBe('TM-T88');
  });

  it('a clean quit says offline (retained) before it lets the app quit', async () => {
    const { app } = start({ configFile: fleetFile('kiosk-setup') });
    const topics = kioskTopics(broker.prefix, 'kiosk-setup');
    const from = operator.messages.length;
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });
    const quitting = new FakeEvent();
    app.emit('will-quit', quitting);
    expect(quitting.defaultPrevented).toBe(true);
    expect(app.quit).not.toHaveBeenCalled();
    await operator.next(topics.status, hasFields({ state: 'offline' }), { from });
    await expect.poll(() => app.quit.mock.calls.length, { timeout: 2000 }).toBe(1);
    const late = await observe(broker);
    expect((await late.next(topics.status)).payload.toString()).toBe('{"state":"offline"}');
    await late.close();
  });

  it('refreshes the catalogue only at a safe moment, by telling the page', async () => {
    const { kiosk } = await startOnline('kiosk-commands2', {
      configFile: fleetFile('kiosk-commands2'),
    });
    kiosk.activity.setScreen('shopping');
    const acked = sendCommand('kiosk-commands2', { id: 'refresh-1', command: 'refresh-catalogue' });
    await sleep(500);
    expect(kiosk.shop.send).not.toHaveBeenCalledWith(CATALOGUE_REFRESH_CHANNEL);
    kiosk.activity.setScreen('attract');
    expect(await acked).toMatchObject({ id: 'refresh-1', ok: true });
    expect(kiosk.shop.send).toHaveBeenCalledExactlyOnceWith(CATALOGUE_REFRESH_CHANNEL);
  });

  it('answers diagnostics with its own log, config sources and health, in chunks that rebuild', async () => {
    const { kiosk } = await startOnline('kiosk-commands2', {
      configFile: fleetFile('kiosk-commands2', { idleTimeoutSeconds: 75 }),
      argv: ['--catalogue-max-age=90'],
    });
    mkdirSync(join(kiosk.userData, 'logs'), { recursive: true });
    writeFileSync(
      join(kiosk.userData, 'logs', 'kiosk.log'),
      'Kiosk starting in kiosk mode\n[info] cart saved: [{"id":7,"title":"Gold Ring"}]\n',
    );
    await kiosk.fleet.client?.publishHealth();
    const topic = diagnosticsTopic(broker.prefix, 'kiosk-commands2');
    await operator.client.subscribeAsync(topic, { qos: 1 });
    const from = operator.messages.length;
    const ack = await sendCommand('kiosk-commands2', { id: 'diag-1', command: 'diagnostics' });
    expect(ack).toMatchObject({ ok: true });
    const assembler = createDiagnosticsAssembler({ command: 'diag-1', startedAt: 0 });
    for (const message of operator.messages.slice(from).filter((one) => one.topic === topic)) {
      const chunk = readDiagnosticsChunk(new Uint8Array(message.payload));
      if (chunk) assembler.receive(chunk, 1);
    }
    const state = assembler.state;
    if (state.phase !== 'assembled') throw new Error(`not assembled: ${JSON.stringify(state)}`);
    expect(createHash('sha256').update(state.bundle).digest('hex')).toBe(state.sha256);
    const bundle = JSON.parse(gunzipSync(state.bundle).toString('utf8')) as {
      kioskId: string;
      log: string[];
      config: Record<string, { value: unknown; source: string }>;
      health: unknown[];
      versions: Record<string, string>;
    };
    expect(bundle.kioskId).toBe('kiosk-commands2');
    expect(bundle.log[0]).toBe('Kiosk starting in kiosk mode');
    expect(bundle.log.join('\n')).not.toContain('Gold Ring');
    expect(bundle.config.idleTimeoutSeconds).toEqual({ value: 75, source: 'config file' });
    expect(bundle.config.catalogueMaxAgeMinutes).toEqual({ value: 90, source: 'command line' });
    expect(bundle.config['fleet.password']).toEqual({ value: '[set]', source: 'config file' });
    expect(bundle.health.length).toBeGreaterThanOrEqual(2);
    expect(bundle.versions).toMatchObject({ app: '0.1.0', electron: '45.4.1' });
  });

  it('captures the attract screen as a retained PNG, and refuses any other screen', async () => {
    const { kiosk, topics } = await startOnline('kiosk-commands2', {
      configFile: fleetFile('kiosk-commands2'),
    });
    const from = operator.messages.length;
    expect(await sendCommand('kiosk-commands2', { id: 'shot-1', command: 'screenshot' })).toEqual(
      expect.objectContaining({ ok: true }),
    );
    const shot = await operator.next(topics.screenshot, undefined, { from });
    expect(Buffer.compare(shot.payload, TINY_PNG)).toBe(0);
    kiosk.activity.setScreen('receipt');
    expect(await sendCommand('kiosk-commands2', { id: 'shot-2', command: 'screenshot' })).toEqual(
      expect.objectContaining({ ok: false, error: 'not on the attract screen' }),
    );
    expect(kiosk.shop.capturePage).toHaveBeenCalledTimes(1);
  });

  it('relaunches after the ack, at a safe moment, saying offline first', async () => {
    const { kiosk, topics } = await startOnline('kiosk-commands2', {
      configFile: fleetFile('kiosk-commands2'),
      argv: ['--windowed', '--relaunch-attempt=2'],
    });
    const from = operator.messages.length;
    expect(await sendCommand('kiosk-commands2', { id: 'again-1', command: 'relaunch' })).toEqual(
      expect.objectContaining({ ok: true }),
    );
    await operator.next(topics.status, hasFields({ state: 'offline' }), { from });
    await expect.poll(() => kiosk.app.exit.mock.calls).toEqual([[0]]);
    // The crash-loop counter is not carried: a relaunch asked for is not a crash.
    expect(kiosk.app.relaunch).toHaveBeenCalledExactlyOnceWith({ args: ['--windowed'] });
  });

  it('reload-config reads the files again and pushes new idle times to the page', async () => {
    const { kiosk } = await startOnline('kiosk-reload', {
      configFile: fleetFile('kiosk-reload', { idleTimeoutSeconds: 90 }),
    });
    kiosk.writeConfigFile(fleetFile('kiosk-reload', { idleTimeoutSeconds: 45, mode: 'windowed' }));
    kiosk.activity.setScreen('shopping');
    expect(await sendCommand('kiosk-reload', { id: 'reload-1', command: 'reload-config' })).toEqual(
      expect.objectContaining({ ok: true }),
    );
    expect(kiosk.shop.send).toHaveBeenCalledWith(
      IPC_CHANNELS.configChanged,
      expect.objectContaining({ idleTimeoutSeconds: 45, mode: 'kiosk' }),
    );
    // The mode is not live: it waits for a relaunch at a safe moment, not in front of a shopper.
    expect(kiosk.liveConfig.pendingRelaunch()).toEqual(['mode']);
    expect(kiosk.log.matching('relaunching at the next safe moment')).toHaveLength(1);
    await sleep(200);
    expect(kiosk.app.relaunch).not.toHaveBeenCalled();
    kiosk.activity.setScreen('attract');
    await expect.poll(() => kiosk.app.exit.mock.calls).toEqual([[0]]);
  });

  it('connects over TLS, trusting the CA file fleet.ca names (made by openssl)', async () => {
    const { kiosk } = await startOnline('kiosk-tls2', {
      configFile: fleetFile('kiosk-tls2', {
        fleet: { brokerUrl: broker.tlsUrl, ca: broker.caFile },
      }),
    });
    expect(kiosk.log.matching('Fleet: online at mqtts://')).toHaveLength(1);
  });

  it('with refused credentials: offline, one log line, retrying, and the shop untouched', async () => {
    const kiosk = start({
      configFile: fleetFile('kiosk-refused2', { fleet: { password: 'wrong' } }),
    });
    await sleep(1500);
    expect(kiosk.fleet.client?.state).toBe('offline');
    expect(kiosk.log.matching('Fleet: offline')).toEqual([
      expect.stringContaining('the broker refused the credentials'),
    ]);
    // Nothing reached the page, and the activity still answers.
    expect(kiosk.shop.send).not.toHaveBeenCalled();
    expect(kiosk.activity.isSafe()).toBe(true);
  });

  it('rides out the broker stopping and restarting: online again, one line each way', async () => {
    const { kiosk, topics } = await startOnline('kiosk-restart2', {
      configFile: fleetFile('kiosk-restart2'),
    });
    await operator.close();
    await broker.stop();
    await expect.poll(() => kiosk.fleet.client?.state, { timeout: 5000 }).toBe('offline');
    await broker.restart();
    operator = await observe(broker);
    await operator.next(topics.status, hasFields({ state: 'online' }));
    expect(kiosk.log.matching('Fleet: offline')).toHaveLength(1);
    expect(kiosk.log.matching('Fleet: online again')).toHaveLength(1);
  }, 30_000);
});

describe.skipIf(skipReason !== null)(
  'new idle times, from a signed config through the real preload',
  () => {
    const ID = 'kiosk-to-page';
    const PASSWORD = 'pw-to-page';
    let broker: Mosquitto;
    let signer: TestKeyPair;

    beforeAll(async () => {
      signer = makeKeyPair();
      broker = await startMosquitto({ kiosks: { [ID]: PASSWORD } });
    }, 60_000);

    afterAll(async () => {
      await broker.dispose();
    });

    it('reach the page’s onConfigChanged as main sent them; a key that waits for a relaunch sends nothing', async () => {
      const kiosk = startKioskMainAndPreload(broker, {
        kioskId: ID,
        password: PASSWORD,
        configPublicKey: signer.publicText,
        config: { idleTimeoutSeconds: 90, idleCountdownSeconds: 15 },
      });
      try {
        const idle = { idleTimeoutSeconds: 20, idleCountdownSeconds: 7 };
        await publishKioskConfig(
          broker,
          ID,
          signFleetConfig({ version: 1, target: ID, ...idle }, signer.privateKey, broker.prefix),
        );
        const page = await kiosk.nextPageConfig(0);
        const settings = {
          catalogueUrl: 'app://shop/api',
          mode: 'kiosk',
          ...idle,
          catalogueMaxAgeMinutes: 60,
          speechOutputDevice: '',
          languages: ['en', 'es', 'fr', 'de', 'ar'],
          defaultLanguage: 'en',
        };
        expect(kiosk.sent).toEqual([{ channel: IPC_CHANNELS.configChanged, args: [settings] }]);
        expect(page).toEqual(settings);
        expect(Object.isFrozen(page)).toBe(true);

        // The same times and a new catalogue: that waits for a relaunch, and the page hears nothing.
        await publishKioskConfig(
          broker,
          ID,
          signFleetConfig(
            { version: 2, target: ID, ...idle, catalogueUrl: 'https://catalogue.example.com/api' },
            signer.privateKey,
            broker.prefix,
          ),
        );
        await expect.poll(() => kiosk.liveConfig.pendingRelaunch()).toEqual(['catalogueUrl']);
        expect(kiosk.sent).toHaveLength(1);
        expect(kiosk.pageConfigs).toHaveLength(1);
      } finally {
        await publishKioskConfig(broker, ID, '');
        await kiosk.stop();
      }
    }, 30_000);
  },
);

describe.skipIf(skipReason !== null)('a store’s opening hours, from a signed config', () => {
  const ID = 'kiosk-hours';
  const PASSWORD = 'pw-hours';
  let broker: Mosquitto;
  let operator: Observer;
  let signer: TestKeyPair;

  beforeAll(async () => {
    signer = makeKeyPair();
    broker = await startMosquitto({ kiosks: { [ID]: PASSWORD } });
    operator = await observe(broker);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(running.splice(0).map(({ fleet }) => fleet.stop()));
    await operator.close();
    await broker.dispose();
  });

  it('puts the kiosk to sleep outside them: asleep in its retained status and its health, awake again when withdrawn', async () => {
    const topics = kioskTopics(broker.prefix, ID);
    // The store hours read the kiosk's own live config; made once the kiosk is.
    let hours: StoreHours | null = null;
    const early: ((asleep: boolean) => void)[] = [];
    const forward = {
      asleep: () => hours?.asleep() ?? false,
      onChange: (listener: (asleep: boolean) => void) => {
        early.push(listener);
        return () => undefined;
      },
      check: () => hours?.check(),
    };
    const from = operator.messages.length;
    const kiosk = start({
      configFile: {
        fleet: {
          brokerUrl: broker.tcpUrl,
          kioskId: ID,
          username: ID,
          password: PASSWORD,
          topicPrefix: broker.prefix,
          configPublicKey: signer.publicText,
        },
      },
      storeHours: forward,
    });
    const made = setupStoreHours({
      schedule: () => kiosk.liveConfig.effective().openingHours,
      startedAt: Date.now(),
      whenSafe: (signal) => kiosk.activity.whenSafe(signal),
      relaunch: () => undefined,
      updatePending: () => false,
      log: kiosk.log,
    });
    hours = made;
    for (const listener of early) made.onChange(listener);
    await operator.next(topics.status, hasFields({ state: 'online' }), { from });

    // Closed all week: whatever the time now, the store is closed.
    const closedAllWeek = { timeZone: 'Europe/Paris', days: {} };
    const sleeping = operator.messages.length;
    await operator.publish(
      topics.config,
      JSON.stringify(
        signFleetConfig(
          { version: 1, target: ID, openingHours: closedAllWeek },
          signer.privateKey,
          broker.prefix,
        ),
      ),
      { retain: true },
    );
    const asleep = await operator.next(topics.status, hasFields({ state: 'asleep' }), {
      from: sleeping,
    });
    expect(statusSchema.parse(JSON.parse(asleep.payload.toString()))).toMatchObject({
      state: 'asleep',
      version: '0.1.0',
    });
    const health = await operator.next(topics.health, hasFields({ asleep: true }), {
      from: sleeping,
    });
    expect(healthSchema.safeParse(JSON.parse(health.payload.toString())).success).toBe(true);

    // Withdrawn: no schedule is always open.
    const waking = operator.messages.length;
    await operator.publish(
      topics.config,
      JSON.stringify(
        signFleetConfig(
          { version: 2, target: ID, tombstone: true },
          signer.privateKey,
          broker.prefix,
        ),
      ),
      { retain: true },
    );
    await operator.next(topics.status, hasFields({ state: 'online' }), { from: waking });
    await operator.next(topics.health, hasFields({ asleep: false }), { from: waking });
    made.stop();
    await operator.publish(topics.config, '', { retain: true });
  }, 30_000);
});
