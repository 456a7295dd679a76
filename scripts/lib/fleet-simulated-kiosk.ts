/**
 * One simulated kiosk for `npm run fleet:simulate`, the fleet bench and the console's e2e
 * tests: the kiosk's own fleet code with a pretend shop behind it, so what reaches the
 * broker is what a real kiosk publishes, not a copy of the contract that could drift.
 *
 * Real, from electron/main: the MQTT client (fleet-client.ts: presence, Last Will, health
 * timing, commands and acks, backoff), the command handling (commands.ts), the health
 * report (health.ts, fed by the real activity module), the safe-moment rule (activity.ts),
 * the signed remote config (remote-config.ts, kept in memory instead of on disk), the
 * enrolment (enrolment.ts, its certificates kept in memory) and the receipt signer
 * (receipt-signing.ts, with an in-memory Ed25519 key, signing once enrolled).
 *
 * Pretend: the shop. Shoppers come and go (attract → shopping → receipt → attract) unless
 * `shoppers` is off, memory drifts, and the printer, last error and catalogue are settable,
 * so a test can make a kiosk look like one that needs attention.
 */
import { generateKeyPairSync } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { createActivity, type Activity } from '../../electron/main/activity/activity';
import { isLoopbackHost } from '../../fleet-agent/connection/broker-transport';
import { gatherDiagnostics } from '../../fleet-agent/diagnostics/diagnostics-bundle';
import { createDiagnosticsHistory } from '../../fleet-agent/diagnostics/diagnostics-history';
import { createFleetClient, type FleetClient } from '../../fleet-agent/fleet-client';
import { collectHealth, type ProcessMemory } from '../../fleet-agent/health/health';
import { receiptKeyFrom } from '../../fleet-agent/identity/receipt-key';
import { createKioskEnrolment, type KioskEnrolment } from '../../fleet-agent/identity/enrolment';
import { createReceiptSigner } from '../../fleet-agent/identity/receipt-signer';
import { createRemoteConfig } from '../../fleet-agent/config/remote-config';
import type { Logger } from '../../electron/main/logging/logging';
import { DEFAULT_CONFIG } from '../../electron/main/config/config-keys';
import { kioskRemoteKeys } from '../../electron/main/config/remote-keys';
import type { KioskHealth, Screen } from '../../shared/fleet/payloads';
import { kioskTopics } from '../../shared/fleet/topics';

/** A 1×1 white PNG: what a simulated attract screen looks like. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

export const SIMULATED_VERSION = '0.1.0';

export interface SimulatedKioskOptions {
  /** One broker, or the nodes of a cluster (fleet.brokerUrls). */
  brokerUrls: readonly string[];
  kioskId: string;
  topicPrefix: string;
  username?: string;
  password?: string;
  healthSeconds: number;
  keepaliveSeconds: number;
  log: Logger;
  random?: () => number;
  /** Shoppers come and go on their own (default). Off: the screen stays where it is set. */
  shoppers?: boolean;
  /** The screen at start (default: attract, as a kiosk that has just started). */
  screen?: Screen;
  /** The app version its status and health report (default 0.1.0). */
  version?: string;
  /** Main + renderer memory at start, MB (default: 220–340 at random). */
  memoryMB?: number;
  /** What a screenshot captures (default: a 1×1 PNG). */
  screenshotPng?: Uint8Array;
  /** fleet.configPublicKey: remote configs signed with it apply; '' (default) refuses all. */
  configPublicKey?: string;
  /** fleet.enrolmentPublicKey: certificates signed with it enrol the kiosk; '' (default): none. */
  enrolmentPublicKey?: string;
  /** The pretend log a diagnostics bundle carries (default: a few start-up lines). */
  logLines?: readonly string[];
  /** The store and region its status names (group ids); absent: none. */
  store?: string;
  region?: string;
  /** Asleep, as a kiosk whose store is closed (default: awake). */
  asleep?: boolean;
  /** Told of every MQTT connection the kiosk opens (the fleet bench times reconnects). */
  onConnection?: (connection: MqttClient) => void;
}

/** The pretend shop behind the client: what health reads, settable by a test. */
export interface SimulatedApp {
  readonly activity: Activity;
  setScreen(screen: Screen): void;
  setPrinterAvailable(available: boolean | null): void;
  setLastError(line: string | null): void;
  setCatalogue(catalogue: { products: number; ageMinutes: number }): void;
  /** What the updater says in health (null: this kiosk takes no updates, the default). */
  setUpdate(update: KioskHealth['update']): void;
  /** Memory moves by this many MB (split between the main process and the page). */
  growMemory(deltaMB: number): void;
}

export interface SimulatedKiosk {
  readonly kioskId: string;
  readonly client: FleetClient;
  readonly app: SimulatedApp;
  /** The receipt key's public key, as its online status and enrolment request carry it. */
  readonly publicKey: string;
  /** Its enrolment: the pairing code staff would see, and whether it signs receipts yet. */
  readonly enrolment: KioskEnrolment;
  /** Counts of what the fleet asked for, for the summary. */
  readonly carriedOut: Record<'reload-config' | 'refresh-catalogue' | 'relaunch', number>;
  start(): void;
  /** A clean quit: says offline, disconnects, stops retrying. */
  stop(): Promise<void>;
  /**
   * Dies without a word, as a crashed kiosk: its socket is dropped, nothing more is sent
   * and it never reconnects, so the broker publishes its Last Will.
   */
  kill(): void;
  /** The `KSR1.` code the kiosk's main process signs for a receipt, or null (refused). */
  signReceipt(request: unknown): string | null;
}

export function createSimulatedKiosk(options: SimulatedKioskOptions): SimulatedKiosk {
  const random = options.random ?? Math.random;
  const startedAt = Date.now();
  const version = options.version ?? SIMULATED_VERSION;
  const receiptKey = receiptKeyFrom(generateKeyPairSync('ed25519').privateKey);
  const enrolment = createKioskEnrolment({
    kioskId: options.kioskId,
    prefix: options.topicPrefix,
    publicKey: receiptKey.publicKey,
    enrolmentKey: options.enrolmentPublicKey ?? '',
    version,
    // Kept for this run only, like the remote config.
    store: { load: () => ({ certificates: [], revocations: null }), save: () => undefined },
    log: options.log,
  });
  const signer = createReceiptSigner(receiptKey, options.kioskId, () => enrolment.enrolled());
  const topics = kioskTopics(options.topicPrefix, options.kioskId);
  // The idle wipe is on, as on a counter kiosk: only the attract screen is a safe moment.
  const activity = createActivity({ idleWipeEnabled: () => true });
  activity.setScreen(options.screen ?? 'attract');
  activity.catalogueLoaded({ products: 20, fetchedAt: startedAt, source: 'embedded' });
  const remote = createRemoteConfig({
    kioskId: options.kioskId,
    prefix: options.topicPrefix,
    topics: { fleet: topics.fleetConfig, kiosk: topics.config },
    publicKey: () => options.configPublicKey ?? '',
    keys: kioskRemoteKeys({ locks: () => [] }),
    // Kept for this run only: a simulated kiosk has no disk of its own.
    store: { load: () => ({ fleet: null, kiosk: null }), save: () => undefined },
    groups: () => ({ store: options.store ?? null, region: options.region ?? null }),
    log: options.log,
  });

  const history = createDiagnosticsHistory();
  const logLines = options.logLines ?? [
    `[info] Kiosk starting in kiosk mode (simulated ${options.kioskId})`,
    `[info] Fleet: connecting to ${options.brokerUrls.join(',')} as ${options.kioskId}`,
  ];

  const startMB = options.memoryMB ?? 220 + random() * 120;
  let mainMB = startMB * 0.35;
  let rendererMB = startMB - mainMB;
  let printerAvailable: boolean | null = true;
  let lastError: string | null = null;
  let update: KioskHealth['update'] = null;
  let shopperTimer: NodeJS.Timeout | null = null;
  const carriedOut = { 'reload-config': 0, 'refresh-catalogue': 0, relaunch: 0 };
  let connection: MqttClient | null = null;
  let killed = false;

  // A shopper arrives every few seconds, shops, then buys (a receipt) or walks away (a wipe).
  const step = (): void => {
    const { screen } = activity.snapshot();
    activity.input();
    if (screen === 'attract') activity.setScreen('shopping');
    else if (screen === 'shopping') {
      if (random() < 0.6) {
        activity.setScreen('receipt');
        activity.receiptIssued();
      } else {
        activity.idleWiped();
        activity.setScreen('attract');
      }
    } else activity.setScreen('attract');
    mainMB = Math.min(900, Math.max(60, mainMB + (random() - 0.45) * 4));
    rendererMB = Math.min(1500, Math.max(100, rendererMB + (random() - 0.45) * 8));
    shopperTimer = setTimeout(step, 500 + random() * 2500);
  };

  /** What app.getAppMetrics() would say: the browser process and one renderer, in KB. */
  const appMetrics = (): ProcessMemory[] => [
    { type: 'Browser', memory: { workingSetSize: Math.round(mainMB * 1024) } },
    { type: 'Tab', memory: { workingSetSize: Math.round(rendererMB * 1024) } },
  ];

  const applyRemoteHealthSeconds = (): void => {
    for (const layer of remote.layers()) {
      const seconds = layer.values['fleet.healthSeconds'];
      if (seconds !== undefined) {
        client.setHealthSeconds(seconds);
        return;
      }
    }
    client.setHealthSeconds(options.healthSeconds);
  };

  const client: FleetClient = createFleetClient({
    brokerUrls: options.brokerUrls,
    kioskId: options.kioskId,
    topicPrefix: options.topicPrefix,
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
    keepaliveSeconds: options.keepaliveSeconds,
    healthSeconds: options.healthSeconds,
    status: () => ({
      state: options.asleep === true ? ('asleep' as const) : ('online' as const),
      version,
      startedAt: new Date(startedAt).toISOString(),
      publicKey: signer.receiptPublicKey(),
      ...(options.store === undefined ? {} : { store: options.store }),
      ...(options.region === undefined ? {} : { region: options.region }),
    }),
    groups: () => ({ store: options.store ?? null, region: options.region ?? null }),
    health: async () => {
      const report = await collectHealth({
        now: Date.now,
        startedAt,
        versions: { app: version, electron: '45.4.1', chrome: '140.0.7339.249' },
        activity,
        appMetrics,
        imageCache: () => ({ images: 20, bytes: 1_234_567 }),
        catalogueUrl: '',
        printerAvailable: () => Promise.resolve(printerAvailable),
        failedPinsToday: () => 0,
        gpuFallback: false,
        lastError: () => lastError,
        update: () => update,
        remoteConfig: () => ({ version: remote.version(), refusals: remote.refusals() }),
        // The pretend shop applies only health's period, at once: nothing waits for a relaunch.
        pendingRelaunch: () => [],
        dropped: () => client.droppedMessages(),
        // A simulated kiosk is given only brokers it may use.
        brokerRefusals: () => [],
      });
      history.recordHealth(report);
      return report;
    },
    actions: {
      whenSafe: (signal) => activity.whenSafe(signal),
      isAttractScreen: () => activity.snapshot().screen === 'attract',
      isAsleep: () => options.asleep === true,
      reloadConfig: async () => {
        carriedOut['reload-config'] += 1;
        remote.reverify();
        applyRemoteHealthSeconds();
        await client.refetchConfig();
      },
      refreshCatalogue: () => {
        carriedOut['refresh-catalogue'] += 1;
        activity.catalogueLoaded({ products: 20, fetchedAt: Date.now(), source: 'embedded' });
        return Promise.resolve();
      },
      relaunch: () => {
        // A simulated relaunch: the shop starts again on the attract screen.
        carriedOut.relaunch += 1;
        activity.setScreen('attract');
      },
      captureScreenshot: () => Promise.resolve(new Uint8Array(options.screenshotPng ?? TINY_PNG)),
      gatherDiagnostics: () =>
        Promise.resolve().then(() =>
          gatherDiagnostics({
            kioskId: options.kioskId,
            now: Date.now,
            versions: { app: version, electron: '45.4.1', chrome: '140.0.7339.249' },
            config: () => ({
              values: DEFAULT_CONFIG,
              sources: Object.fromEntries(
                Object.keys(DEFAULT_CONFIG).map((key) => [key, 'defaults']),
              ),
            }),
            // A pretend userData: the log above, and nothing else on its disk.
            userDataDir: '/simulated',
            fs: {
              readFile: (path) => {
                if (!path.endsWith('kiosk.log')) throw new Error('no such file');
                return Buffer.from(`${logLines.join('\n')}\n`);
              },
              readdir: (path) => (path.endsWith('logs') ? ['kiosk.log'] : ['logs']),
              size: () => 0,
              disk: () => null,
            },
            health: () => history.health(),
            updates: () => history.updates(),
            imageCache: () => ({ images: 20, bytes: 1_234_567 }),
            pendingRelaunch: () => [],
          }),
        ),
    },
    onConfigMessage: (scope, bytes) => {
      const result = remote.receive(scope, bytes);
      if (result === 'accepted' || result === 'cleared') applyRemoteHealthSeconds();
      // As setup-fleet.ts does: the console sees the refusal or new version at once.
      if (result !== 'unchanged') void client.publishHealth();
    },
    enrolment,
    log: options.log,
    random,
    // The same mqtt.connect, remembered so that kill() can drop the socket.
    connect: (url: string, connectOptions: IClientOptions) => {
      const created = mqtt.connect(url, connectOptions);
      connection = created;
      options.onConnection?.(created);
      return created;
    },
  });

  enrolment.onChange(() => {
    void client.publishEnrolmentRequest();
  });

  const stopShoppers = (): void => {
    if (shopperTimer) clearTimeout(shopperTimer);
    shopperTimer = null;
  };

  return {
    kioskId: options.kioskId,
    client,
    publicKey: receiptKey.publicKey,
    enrolment,
    carriedOut,
    app: {
      activity,
      setScreen: (screen) => activity.setScreen(screen),
      setPrinterAvailable: (available) => {
        printerAvailable = available;
      },
      setLastError: (line) => {
        lastError = line;
      },
      setCatalogue: ({ products, ageMinutes }) =>
        activity.catalogueLoaded({
          products,
          fetchedAt: Date.now() - ageMinutes * 60_000,
          source: 'embedded',
        }),
      setUpdate: (next) => {
        update = next;
      },
      growMemory: (deltaMB) => {
        mainMB += deltaMB / 3;
        rendererMB += (deltaMB * 2) / 3;
      },
    },
    start: () => {
      client.start();
      if (options.shoppers !== false) shopperTimer = setTimeout(step, random() * 3000);
    },
    stop: async () => {
      stopShoppers();
      await client.stop();
    },
    kill: () => {
      if (killed) return;
      killed = true;
      stopShoppers();
      const socket = connection?.stream;
      if (!connection || !socket || socket.destroyed) {
        void client.stop();
        return;
      }
      // The client's own close handler runs first (it plans a retry); this one then stops
      // it with no connection left, so nothing is said: no offline status, no DISCONNECT.
      connection.once('close', () => void client.stop());
      socket.destroy();
    },
    signReceipt: (request) => signer.sign(request),
  };
}

/** Only a broker on this machine: the simulator must never load someone else's broker. */
export function isLoopbackBroker(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(parsed.protocol)) return false;
  return isLoopbackHost(parsed.hostname);
}
