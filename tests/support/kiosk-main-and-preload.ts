/**
 * A kiosk's main process and its preload, joined as Electron joins them, without Electron
 * and without a test runner's mocks (Playwright's tests use it as well as vitest's): the
 * real live config (a config file on disk, the fleet's signed configs), the real fleet
 * wiring (setupFleet, remote-config.ts) on a real Mosquitto, and the real preload bridge
 * (electron/preload/activity-bridge.ts) on an ipcRenderer stand-in. What main sends the
 * shop window is structured-cloned, as IPC does, and given to the preload's listeners for
 * that channel; what the preload hands the page is recorded.
 *
 * Electron itself is faked at its edges only: an app that never relaunches or quits, and a
 * shop window that only carries sends.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcRenderer } from 'electron';
import mqtt from 'mqtt';
import type { KioskActivityBridge, RendererConfig } from '../../shared/bridge';
import { kioskTopics } from '../../shared/fleet/topics';
import { createActivity, type Activity } from '../../fleet-agent/kiosk/activity';
import { toRendererConfig } from '../../electron/main/config/config';
import { createLiveConfig, type LiveConfig } from '../../electron/main/config/live-config';
import { setupFleet, type Fleet, type FleetDeps } from '../../electron/main/fleet/setup-fleet';
import { fleetRemoteLayers, type FleetRemote } from '../../electron/main/fleet/fleet-remote';
import { sendPageSettings } from '../../electron/main/config/page-settings';
import { createActivityBridge } from '../../electron/preload/activity-bridge';
import type { Mosquitto } from './mosquitto';

/** The catalogue URL the page was given at start (the embedded one, as the kiosk serves it). */
const PAGE_CATALOGUE_URL = 'app://shop/api';
/** How long a signed config may take from the operator to the page, on a loaded machine. */
const CONFIG_WAIT_MS = 15_000;

export interface KioskMainOptions {
  kioskId: string;
  /** The kiosk's broker password (the broker's `kiosks` map). */
  password: string;
  /** fleet.configPublicKey: the key signed configs must verify against. */
  configPublicKey: string;
  /** Other keys of the account's config file (nested form), e.g. the idle times at start. */
  config?: Record<string, unknown>;
}

export interface SentToWindow {
  channel: string;
  args: unknown[];
}

export interface KioskMainAndPreload {
  /** What main sent the shop window, in order, as webContents.send was given it. */
  sent: SentToWindow[];
  /** What the preload's onConfigChanged handed the page, in order. */
  pageConfigs: RendererConfig[];
  /** The preload's activity half, as the page gets it (window.kiosk). */
  preload: KioskActivityBridge;
  liveConfig: LiveConfig<FleetRemote>;
  activity: Activity;
  fleet: Fleet;
  /**
   * Waits until the preload has handed the page more than `seen` configs (a bounded wait),
   * and returns the newest.
   */
  nextPageConfig(seen?: number): Promise<RendererConfig>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An ipcRenderer as the preload uses it: main's sends arrive through `deliver`. */
function preloadIpc() {
  const events = new EventEmitter();
  const ipc = {
    on: (channel: string, handler: (...args: unknown[]) => void) => {
      events.on(channel, handler);
      return ipc;
    },
    removeListener: (channel: string, handler: (...args: unknown[]) => void) => {
      events.removeListener(channel, handler);
      return ipc;
    },
    // The page's reports to main: this kiosk's main listens to none of them.
    send: () => undefined,
    invoke: () => Promise.resolve(null),
  };
  return {
    ipc: ipc as unknown as Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener' | 'send'>,
    /** One message from main, cloned as IPC clones it, with an event that holds a sender. */
    deliver: (channel: string, args: readonly unknown[]) => {
      events.emit(channel, { sender: 'main' }, ...structuredClone(args));
    },
  };
}

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Starts the kiosk's main process on `broker` and its preload beside it. */
export function startKioskMainAndPreload(
  broker: Mosquitto,
  options: KioskMainOptions,
): KioskMainAndPreload {
  const userData = mkdtempSync(join(tmpdir(), 'kiosk-main-preload-'));
  writeFileSync(
    join(userData, 'kiosk-config.json'),
    JSON.stringify({
      ...options.config,
      fleet: {
        brokerUrl: broker.tcpUrl,
        kioskId: options.kioskId,
        username: options.kioskId,
        password: options.password,
        topicPrefix: broker.prefix,
        configPublicKey: options.configPublicKey,
      },
    }),
  );
  const argv = ['kiosk-shop'];
  const liveConfig = createLiveConfig(
    {
      argv,
      env: {},
      userDataDir: userData,
      readFile: (path) => readFileSync(path, 'utf8'),
      log: quietLog,
    },
    fleetRemoteLayers(userData, quietLog),
  );
  const activity = createActivity({
    idleWipeEnabled: () => liveConfig.effective().idleTimeoutSeconds > 0,
  });
  // A shopper is at the screen: a key that needs a relaunch waits instead of quitting.
  activity.setScreen('shopping');

  const { ipc, deliver } = preloadIpc();
  const preload = createActivityBridge(ipc);
  const pageConfigs: RendererConfig[] = [];
  preload.onConfigChanged((config) => {
    pageConfigs.push(config);
  });

  const sent: SentToWindow[] = [];
  let printerName = liveConfig.startup.printerName;
  const app = {
    getVersion: () => '0.1.0',
    getAppMetrics: () => [],
    relaunch: () => undefined,
    exit: () => undefined,
    quit: () => undefined,
    on: () => app,
  };
  const shopWindow = {
    isDestroyed: () => false,
    webContents: {
      send: (channel: string, ...args: unknown[]) => {
        sent.push({ channel, args });
        deliver(channel, args);
      },
      capturePage: () => Promise.reject(new Error('no screen here')),
      getPrintersAsync: () => Promise.resolve([]),
    },
  };
  const fleet = setupFleet({
    app: app as unknown as FleetDeps['app'],
    // A development run: the test broker is plain MQTT on loopback.
    packaged: false,
    liveConfig,
    activity,
    window: () => shopWindow,
    liveEffects: {
      toPage: (config) =>
        sendPageSettings(shopWindow.webContents, toRendererConfig(config, PAGE_CATALOGUE_URL)),
      printerName: (config) => {
        printerName = config.printerName;
      },
      openingHours: () => undefined,
    },
    readings: {
      imageCache: () => null,
      failedPinsToday: () => 0,
      gpuFallback: false,
      lastError: () => null,
      updateStatus: () => null,
      printerName: () => printerName,
    },
    identity: { enrolment: null, receiptPublicKey: () => null },
    argv,
    log: quietLog,
    seams: {
      versions: { electron: '45.4.1', chrome: '140.0.7339.0' },
      backoff: { baseMs: 100, capMs: 1000 },
    },
  });

  return {
    sent,
    pageConfigs,
    preload,
    liveConfig,
    activity,
    fleet,
    nextPageConfig: async (seen = pageConfigs.length) => {
      const deadline = Date.now() + CONFIG_WAIT_MS;
      while (pageConfigs.length <= seen) {
        if (Date.now() > deadline) {
          throw new Error(
            `the page got no new config within ${CONFIG_WAIT_MS} ms; main sent: ${JSON.stringify(sent)}`,
          );
        }
        await sleep(20);
      }
      const newest = pageConfigs.at(-1);
      if (!newest) throw new Error('no config');
      return newest;
    },
    stop: async () => {
      await fleet.stop();
      rmSync(userData, { recursive: true, force: true });
    },
  };
}

/** Publishes a signed envelope, retained, on this kiosk's own config topic, as the operator. */
export async function publishKioskConfig(
  broker: Mosquitto,
  kioskId: string,
  envelope: unknown,
): Promise<void> {
  const operator = await mqtt.connectAsync(broker.watchUrl, {
    ...broker.operator,
    reconnectPeriod: 0,
  });
  try {
    await operator.publishAsync(
      kioskTopics(broker.prefix, kioskId).config,
      envelope === '' ? '' : JSON.stringify(envelope),
      { qos: 1, retain: true },
    );
  } finally {
    await operator.endAsync();
  }
}
