/**
 * setupUpdates with a stand-in updater; then (below) a fleet rollout of an app version
 * reaching kiosks that update themselves, on a real Mosquitto and a real feed on
 * 127.0.0.1. The console's side is what the console's page
 * runs (the rollout watch, controller and driver, signing with the config key); each
 * kiosk's side is its real main process as setupFleet and setupUpdates wire it, with
 * Electron faked at its edges and electron-updater's own AppImageUpdater reading the
 * signed feed, stopped only at quitAndInstall (the step that would replace the binary).
 *
 * Both kiosks sit at the same place in electron-updater's staged rollout, outside the
 * channel files' `stagingPercentage: 10`. The one the rollout's first step reaches is
 * pinned by a config signed for it alone: after the relaunch that puts the pin in force it
 * reads `versions/1.1.0/`, downloads that version and installs it only once its screen is
 * back on the attract screen. The other, outside the step, follows its channel, where the
 * feed's staging share keeps it on the version it runs: it never reads the pinned folder.
 */
import { EventEmitter } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateStatusSchema } from '../../../../shared/fleet/payloads';
import { createActivity } from '../../../../fleet-agent/kiosk/activity';
import { DEFAULT_CONFIG } from '../../../../shared/kiosk-config/config-keys';
import {
  currentUpdateHealth,
  setupUpdates,
  type UpdatesOptions,
} from '../../../../electron/main/updates/setup-updates';
import { fakeLogger } from '../../support/fake-electron';
import { webcrypto, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import type { Ed25519Signer } from '../../../../shared/fleet/trust/operator-signature';
import { startRollout } from '../../../../fleet-console/rollouts/engine/rollout-controller';
import { carryOut, tickRollout } from '../../../../fleet-console/rollouts/engine/rollout-driver';
import { observationsFor } from '../../../../fleet-console/rollouts/engine/rollout-observations';
import type {
  RolloutPlan,
  RolloutState,
} from '../../../../fleet-console/rollouts/engine/rollout-state';
import {
  createRolloutWatch,
  type RolloutWatch,
} from '../../../../fleet-console/rollouts/engine/rollout-watch';
import {
  everyKiosk,
  everyRollout,
  kioskConfigTopic,
  parseKioskTopic,
} from '../../../../shared/fleet/topics';
import { prepareUpdater } from '../../../../electron/main/updates/electron-updater';
import { signedFeedProvider } from '../../../../electron/main/updates/signed-feed-provider';
import type { UpdateMachine } from '../../../../electron/main/updates/update-machine';
import { signFeedFile } from '../../../../tools/updates/update-signing';
import { windowAround } from '../../../../tools/updates/update-e2e';
import { makeKeyPair } from '../../../support/fleet-keys';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../../support/mosquitto';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopback-server';
import { startRealKiosk, type RealKiosk } from '../fleet/support/real-kiosk';
import { latestLinuxYml, loopbackApp, LoopbackUpdater } from './support/loopback-updater';

function options(overrides: Partial<UpdatesOptions> = {}): UpdatesOptions {
  return {
    config: DEFAULT_CONFIG,
    activity: createActivity({ idleWipeEnabled: () => true }),
    log: fakeLogger(),
    userDataDir: '/tmp/kiosk-no-user-data',
    platform: 'linux',
    install: () => 'appimage',
    writeFile: vi.fn(),
    beforeInstall: vi.fn(),
    ...overrides,
  };
}

class IdleUpdater extends EventEmitter {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  allowDowngrade = false;
  allowPrerelease = false;
  channel: string | null = null;
  setFeedURL = vi.fn();
  checkForUpdates = vi.fn(() =>
    Promise.resolve({ isUpdateAvailable: false, updateInfo: { version: '0.1.0' } }),
  );
  downloadUpdate = vi.fn(() => Promise.resolve([]));
  quitAndInstall = vi.fn();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('setupUpdates', () => {
  it('stays off, never loading electron-updater, without a feed', async () => {
    const load = vi.fn();
    const log = fakeLogger();
    expect(await setupUpdates(options({ load, log }))).toBeNull();
    expect(load).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith('Updates: off (no update.feedUrl)');
    expect(currentUpdateHealth()).toBeNull();
  });

  it.each(['deb', 'rpm', 'pacman'] as const)(
    'stays off for a .%s install, which the package manager updates: never loads electron-updater',
    async (kind) => {
      const load = vi.fn();
      const log = fakeLogger();
      const machine = await setupUpdates(
        options({
          config: { ...DEFAULT_CONFIG, 'update.feedUrl': 'https://updates.example/' },
          install: () => kind,
          load,
          log,
        }),
      );
      expect(machine).toBeNull();
      expect(load).not.toHaveBeenCalled();
      expect(log.info).toHaveBeenCalledWith(
        `Updates: off (this kiosk was installed as a .${kind} package, which the system's package manager updates)`,
      );
    },
  );

  it('stays off for a Linux kiosk that is not an AppImage', async () => {
    const load = vi.fn();
    const machine = await setupUpdates(
      options({
        config: { ...DEFAULT_CONFIG, 'update.feedUrl': 'https://updates.example/' },
        install: () => 'unknown',
        load,
      }),
    );
    expect(machine).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('hands the updater the key the feed is signed with and the minimum app version', async () => {
    const load = vi.fn(() => Promise.resolve(null));
    await setupUpdates(
      options({
        config: {
          ...DEFAULT_CONFIG,
          'update.feedUrl': 'https://updates.example/',
          'fleet.configPublicKey': 'k'.repeat(43),
          'update.minVersion': '1.4.0',
        },
        load,
      }),
    );
    expect(load).toHaveBeenCalledWith(
      expect.objectContaining({ feedPublicKey: 'k'.repeat(43), minVersion: '1.4.0' }),
    );
  });

  it('stays off, logged, when the updater cannot load', async () => {
    const log = fakeLogger();
    const machine = await setupUpdates(
      options({
        config: { ...DEFAULT_CONFIG, 'update.feedUrl': 'https://updates.example/' },
        load: () => Promise.reject(new Error('no app')),
        log,
      }),
    );
    expect(machine).toBeNull();
    expect(log.error).toHaveBeenCalledWith('Updates: off. The updater did not load (no app)');
  });

  it('runs the machine on the feed and reports its state as fleet health', async () => {
    vi.useFakeTimers();
    const updater = new IdleUpdater();
    const machine = await setupUpdates(
      options({
        config: {
          ...DEFAULT_CONFIG,
          'update.feedUrl': 'https://updates.example/kiosk',
          'update.pinVersion': '0.1.0',
        },
        load: () => Promise.resolve(updater),
      }),
    );
    expect(machine).not.toBeNull();
    expect(updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://updates.example/kiosk/versions/0.1.0/',
      channel: 'latest',
    });
    expect(currentUpdateHealth()).toEqual({ state: 'idle' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    expect(updateStatusSchema.parse(currentUpdateHealth())).toEqual({ state: 'idle' });
    machine?.stop();
  });
});

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[version rollout tests] skipped: ${skipReason}`);

const IN = 'till-in';
const OUT = 'till-out';
const KIOSKS = { [IN]: 'pw-in', [OUT]: 'pw-out' };
const RUNNING = '1.0.0';
const TARGET = '1.1.0';
const ARTIFACT = `Kiosk Shop-${TARGET}-x86_64.AppImage`;
/** Both kiosks' place in electron-updater's staged rollout: outside a 10 % share. */
const STAGING_SHARE = 0.9;
const subtle = webcrypto.subtle as unknown as Ed25519Signer<CryptoKey>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(read: () => T | undefined, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** The machine's first check at once, every later wait as the kiosk has it. */
function firstCheckAtOnce() {
  let first = true;
  return {
    setTimer: (callback: () => void, ms: number): unknown => {
      const wait = first ? 0 : ms;
      first = false;
      return setTimeout(callback, wait);
    },
  };
}

describe.skipIf(skipReason !== null)('a version rollout on kiosks that update themselves', () => {
  /** The fleet's key: it signs the configs and the feed (`npm run update:sign`). */
  const fleetKey = makeKeyPair();
  const body = randomBytes(128 * 1024);
  const feed = new Map<string, string | Buffer>();
  let broker: Mosquitto;
  let server: LoopbackServer;
  let root: string;
  let configKey: CryptoKey;
  let operator: MqttClient;
  let watch: RolloutWatch;
  /** Every non-empty config the broker delivered on a kiosk's own topic. */
  const delivered: { kioskId: string; config: Record<string, unknown> }[] = [];
  const kiosks: RealKiosk[] = [];
  const machines: UpdateMachine[] = [];
  const appImageBefore = process.env.APPIMAGE;

  const publishSigned = (path: string, yml: string): void => {
    feed.set(path, yml);
    feed.set(
      `${path}.sig`,
      signFeedFile('latest-linux.yml', Buffer.from(yml), fleetKey.privateKey),
    );
  };
  /** The feed paths kiosk `id` asked for, without their query (each under its own prefix). */
  const asked = (id: string): string[] =>
    server.requests
      .filter((path) => path.startsWith(`/${id}/`))
      .map((path) => decodeURIComponent(path.slice(id.length + 1).replace(/\?.*$/, '')));

  const configFile = (id: keyof typeof KIOSKS) => ({
    fleet: {
      brokerUrl: broker.tcpUrl,
      kioskId: id,
      username: id,
      password: KIOSKS[id],
      topicPrefix: broker.prefix,
      configPublicKey: fleetKey.publicText,
      store: 'lyon-1',
      region: 'eu-west',
    },
    // A maintenance window open now: an update installs at any moment nobody is served.
    update: { feedUrl: `${server.origin}/${id}/feed/`, window: windowAround(new Date()) },
    scheduledRelaunch: false,
  });

  const startKiosk = (id: keyof typeof KIOSKS, userData: string): RealKiosk => {
    const kiosk = startRealKiosk({ configFile: configFile(id), userData });
    kiosks.push(kiosk);
    return kiosk;
  };

  /** setupUpdates as main runs it, with electron-updater's own updater for this kiosk. */
  const startUpdates = async (kiosk: RealKiosk, id: string) => {
    const quitAndInstall = vi.fn();
    const machine = await setupUpdates({
      config: kiosk.liveConfig.startup,
      install: () => 'appimage',
      activity: kiosk.activity,
      log: kiosk.log,
      userDataDir: kiosk.userData,
      platform: 'linux',
      writeFile: writeFileSync,
      beforeInstall: vi.fn(),
      load: (setup) => {
        const updater = new LoopbackUpdater(loopbackApp(join(root, id), RUNNING, STAGING_SHARE));
        updater.disableDifferentialDownload = true;
        // The binary boundary: replacing the AppImage and restarting is not done here.
        updater.quitAndInstall = quitAndInstall;
        return Promise.resolve(prepareUpdater(updater, setup, signedFeedProvider));
      },
      timing: firstCheckAtOnce(),
    });
    if (!machine) throw new Error(`no updates on ${id}: ${kiosk.log.lines.join('\n')}`);
    machines.push(machine);
    return { machine, quitAndInstall };
  };

  beforeAll(async () => {
    broker = await startMosquitto({ kiosks: KIOSKS });
    server = await startLoopbackServer((incoming, response) => {
      const path = decodeURIComponent(new URL(incoming.url ?? '/', 'http://x').pathname);
      const content = feed.get(path.replace(/^\/[^/]+/, ''));
      if (content === undefined) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'Content-Length': Buffer.byteLength(content) }).end(content);
    });
    root = mkdtempSync(join(tmpdir(), 'kiosk-version-rollout-'));
    // The running AppImage an update would replace (electron-updater requires it).
    process.env.APPIMAGE = join(root, 'running.AppImage');
    writeFileSync(process.env.APPIMAGE, randomBytes(1024));
    // The release is in the channel, staged to 10 %, and in its own folder for pins.
    const staged = latestLinuxYml(TARGET, ARTIFACT, body, 'stagingPercentage: 10');
    publishSigned('/feed/latest-linux.yml', staged);
    feed.set(`/feed/${ARTIFACT}`, body);
    publishSigned(`/feed/versions/${TARGET}/latest-linux.yml`, staged);
    feed.set(`/feed/versions/${TARGET}/${ARTIFACT}`, body);

    configKey = await webcrypto.subtle.importKey(
      'pkcs8',
      fleetKey.privateKey.export({ format: 'der', type: 'pkcs8' }),
      { name: 'Ed25519' },
      false,
      ['sign'],
    );
    watch = createRolloutWatch(broker.prefix);
    operator = await mqtt.connectAsync(broker.watchUrl, {
      ...broker.operator,
      clientId: 'console-rollout',
      reconnectPeriod: 0,
    });
    operator.on('message', (topic, payload) => {
      watch.receive(topic, payload, Date.now());
      const parsed = parseKioskTopic(broker.prefix, topic);
      if (parsed?.kind !== 'config' || payload.length === 0) return;
      const { config } = JSON.parse(payload.toString('utf8')) as {
        config: Record<string, unknown>;
      };
      delivered.push({ kioskId: parsed.kioskId, config });
    });
    await operator.subscribeAsync(
      [
        everyKiosk(broker.prefix, 'status'),
        everyKiosk(broker.prefix, 'health'),
        everyKiosk(broker.prefix, 'config'),
        everyRollout(broker.prefix),
      ],
      { qos: 1 },
    );
  }, 60_000);

  afterEach(async () => {
    for (const machine of machines.splice(0)) machine.stop();
    await Promise.all(kiosks.splice(0).map(({ fleet }) => fleet.stop()));
  });

  afterAll(async () => {
    await operator.endAsync(true);
    await server.close();
    await broker.dispose();
    rmSync(root, { recursive: true, force: true });
    if (appImageBefore === undefined) delete process.env.APPIMAGE;
    else process.env.APPIMAGE = appImageBefore;
  });

  it('the kiosk its step reaches installs the pinned version at the attract screen; the other never reads it', async () => {
    const inData = join(root, `${IN}-data`);
    const outData = join(root, `${OUT}-data`);
    mkdirSync(inData, { recursive: true });
    mkdirSync(outData, { recursive: true });
    const inRun = startKiosk(IN, inData);
    const outRun = startKiosk(OUT, outData);
    await waitFor(
      () => (watch.fleet().filter((kiosk) => kiosk.online).length === 2 ? true : undefined),
      10_000,
      'both kiosks online',
    );

    // The operator's version rollout: its first step is one named kiosk, then everyone.
    const plan: RolloutPlan = {
      id: 'app-1-1-0',
      title: `App ${TARGET}`,
      payload: { kind: 'version', version: TARGET },
      scope: { kind: 'all' },
      steps: [{ kind: 'kiosks', kioskIds: [IN] }, { kind: 'all' }],
      gate: { windowSeconds: 600, maxFailing: 0, crashLoopRestarts: 3 },
      notAfter: new Date(Date.now() + 86_400_000).toISOString(),
      createdAt: Date.now(),
    };
    const publisher = {
      prefix: broker.prefix,
      publish: async (topic: string, payload: string, retain: boolean) => {
        await operator.publishAsync(topic, payload, { qos: 1, retain });
      },
      key: configKey,
      subtle,
      publicKey: fleetKey.publicText,
      currentVersion: (kioskId: string) => watch.previous(kioskId).version,
      now: Date.now,
    };
    await carryOut(
      { state: startRollout(plan, 'console-rollout', Date.now()), actions: [] },
      publisher,
    );
    const state = await waitFor(
      () => watch.rollouts().get(plan.id) ?? undefined,
      5000,
      'the rollout read back',
    );
    const advance = tickRollout({
      state,
      fleet: watch.fleet(),
      previous: watch.previous,
      observations: observationsFor(state.delivered, watch.kiosks()),
      configTopic: (kioskId) => kioskConfigTopic(broker.prefix, kioskId),
      now: Date.now(),
      holder: 'console-rollout',
    });
    if (!advance) throw new Error('the rollout did not move');
    await carryOut(advance, publisher);
    const reached: RolloutState = advance.state;
    expect(reached.delivered.map((entry) => entry.kioskId)).toEqual([IN]);

    // The pin is not live: the reached kiosk relaunches at a safe moment to put it in force.
    await waitFor(
      () => (inRun.app.relaunch.mock.calls.length === 1 ? true : undefined),
      10_000,
      'the reached kiosk relaunching for its pin',
    );
    expect(delivered.map((entry) => entry.kioskId)).toEqual([IN]);
    expect(delivered[0]?.config).toMatchObject({ update: { pinVersion: TARGET }, target: IN });
    expect(outRun.app.relaunch).not.toHaveBeenCalled();

    // The relaunched kiosk: the same userData, the signed config kept on disk, the pin in force.
    const inAgain = startKiosk(IN, inData);
    expect(inAgain.liveConfig.startup['update.pinVersion']).toBe(TARGET);
    // A shopper is at the screen when the update arrives.
    inAgain.activity.setScreen('shopping');
    const inUpdates = await startUpdates(inAgain, IN);
    await waitFor(
      () =>
        ['ready', 'installing', 'error'].includes(inUpdates.machine.health().state)
          ? true
          : undefined,
      15_000,
      'the pinned version downloaded',
    );
    expect(inUpdates.machine.health()).toEqual({ state: 'ready', version: TARGET });
    expect(asked(IN)).toEqual(
      expect.arrayContaining([
        `/feed/versions/${TARGET}/latest-linux.yml`,
        `/feed/versions/${TARGET}/latest-linux.yml.sig`,
        `/feed/versions/${TARGET}/${ARTIFACT}`,
      ]),
    );
    await sleep(500);
    expect(inUpdates.quitAndInstall).not.toHaveBeenCalled();
    // Back on the attract screen, nobody served: it installs, silently, and runs after.
    inAgain.activity.setScreen('attract');
    await waitFor(
      () => (inUpdates.quitAndInstall.mock.calls.length === 1 ? true : undefined),
      5000,
      'the install at the attract screen',
    );
    expect(inUpdates.quitAndInstall).toHaveBeenCalledWith(true, true);
    expect(inUpdates.machine.health()).toEqual({ state: 'installing', version: TARGET });

    // The kiosk outside the step follows its channel, staged to a share it is not in.
    expect(outRun.liveConfig.startup['update.pinVersion']).toBe('');
    const outUpdates = await startUpdates(outRun, OUT);
    await waitFor(
      () =>
        asked(OUT).includes('/feed/latest-linux.yml') &&
        outUpdates.machine.health().state === 'idle'
          ? true
          : undefined,
      15_000,
      'the other kiosk checking its channel',
    );
    expect(asked(OUT).some((path) => path.includes('/versions/'))).toBe(false);
    expect(asked(OUT).some((path) => path.endsWith('.AppImage'))).toBe(false);
    expect(outUpdates.quitAndInstall).not.toHaveBeenCalled();
    // electron-updater weighed its staging share; the pinned kiosk never did.
    expect(outRun.log.matching('Staging percentage: 0.1')).not.toHaveLength(0);
    expect(inAgain.log.matching('Staging percentage')).toEqual([]);
  }, 60_000);
});
