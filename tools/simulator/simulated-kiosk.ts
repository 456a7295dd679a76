/**
 * One simulated kiosk for `npm run fleet:simulate`, the fleet bench and the console's e2e
 * tests: the kiosk's own fleet agent with a pretend shop behind it, so what reaches the
 * broker is what a real kiosk publishes, not a copy of the contract that could drift.
 *
 * Real, from fleet-agent/: the MQTT client (fleet-client.ts: presence, Last Will, health
 * timing, commands and acks, backoff), the command handling (commands.ts), the health
 * report (health.ts, fed by the real activity module), the safe-moment rule (activity.ts),
 * the signed remote config (remote-config.ts, kept in memory instead of on disk, its keys
 * read by the kiosk's own rules: kiosk-config.ts), the enrolment (enrolment.ts, its
 * certificates kept in memory) and the receipt signer (receipt-signer.ts, with an in-memory
 * Ed25519 key, signing once enrolled).
 *
 * Pretend: the shop (pretend-shop.ts).
 */
import { generateKeyPairSync } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Screen } from '../../shared/fleet/payloads';
import { kioskTopics } from '../../shared/fleet/topics';
import type { FleetActions } from '../../fleet-agent/commands/command-dispatcher';
import { createRemoteConfig, type RemoteConfig } from '../../fleet-agent/config/remote-config';
import { isLoopbackHost } from '../../shared/fleet/plain-transport';
import { createDiagnosticsHistory } from '../../fleet-agent/diagnostics/diagnostics-history';
import { createFleetClient, type FleetClient } from '../../fleet-agent/fleet-client';
import type { FleetLog } from '../../fleet-agent/fleet-log';
import { createKioskEnrolment, type KioskEnrolment } from '../../fleet-agent/identity/enrolment';
import { receiptKeyFrom } from '../../fleet-agent/identity/receipt-key';
import { createReceiptSigner } from '../../fleet-agent/identity/receipt-signer';
import { SIMULATED_KEY_RULES, type SimulatedConfig } from './kiosk-config';
import { createPretendShop, type PretendShop, type SimulatedApp } from './pretend-shop';
import { simulatedDiagnostics, simulatedHealth, type SimulatedSources } from './simulated-reports';

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
  log: FleetLog;
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

/** Counts of what the fleet asked for. */
type CarriedOut = SimulatedKiosk['carriedOut'];

/** The kiosk's enrolment and receipt signer, with a fresh in-memory key. */
function simulatedIdentity(options: SimulatedKioskOptions, version: string) {
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
  return { receiptKey, enrolment, signer };
}

function simulatedRemote(options: SimulatedKioskOptions): RemoteConfig<SimulatedConfig> {
  const topics = kioskTopics(options.topicPrefix, options.kioskId);
  return createRemoteConfig({
    kioskId: options.kioskId,
    prefix: options.topicPrefix,
    topics: { fleet: topics.fleetConfig, kiosk: topics.config },
    publicKey: () => options.configPublicKey ?? '',
    keys: SIMULATED_KEY_RULES,
    // Kept for this run only: a simulated kiosk has no disk of its own.
    store: { load: () => ({ fleet: null, kiosk: null }), save: () => undefined },
    groups: () => ({ store: options.store ?? null, region: options.region ?? null }),
    log: options.log,
  });
}

/** The pretend shop's answers to the fleet's commands, each counted. */
function simulatedActions(
  options: SimulatedKioskOptions,
  shop: PretendShop,
  carriedOut: CarriedOut,
  own: { reloadConfig: () => Promise<void>; gatherDiagnostics: () => Promise<Uint8Array> },
): FleetActions {
  const { activity } = shop;
  return {
    whenSafe: (signal) => activity.whenSafe(signal),
    isAttractScreen: () => activity.snapshot().screen === 'attract',
    isAsleep: () => options.asleep === true,
    reloadConfig: async () => {
      carriedOut['reload-config'] += 1;
      await own.reloadConfig();
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
    gatherDiagnostics: own.gatherDiagnostics,
  };
}

/** Health's period from the nearest remote config that sets it, else the simulator's own. */
function remoteHealthSeconds(remote: RemoteConfig<SimulatedConfig>, fallback: number): number {
  for (const layer of remote.layers()) {
    const seconds = layer.values['fleet.healthSeconds'];
    if (seconds !== undefined) return seconds;
  }
  return fallback;
}

/** The same mqtt.connect, each connection remembered so that kill() can drop its socket. */
function rememberingConnect(onConnection?: (connection: MqttClient) => void) {
  const seen = { last: null as MqttClient | null };
  const connect = (url: string, connectOptions: IClientOptions): MqttClient => {
    const created = mqtt.connect(url, connectOptions);
    seen.last = created;
    onConnection?.(created);
    return created;
  };
  return { connect, last: () => seen.last };
}

export function createSimulatedKiosk(options: SimulatedKioskOptions): SimulatedKiosk {
  const random = options.random ?? Math.random;
  const startedAt = Date.now();
  const version = options.version ?? SIMULATED_VERSION;
  const { receiptKey, enrolment, signer } = simulatedIdentity(options, version);
  const shop = createPretendShop({
    random,
    startedAt,
    screen: options.screen,
    memoryMB: options.memoryMB,
  });
  const remote = simulatedRemote(options);
  const carriedOut: CarriedOut = { 'reload-config': 0, 'refresh-catalogue': 0, relaunch: 0 };
  const sources: SimulatedSources = {
    kioskId: options.kioskId,
    version,
    startedAt,
    shop,
    remote,
    history: createDiagnosticsHistory(),
    client: () => client,
    logLines: options.logLines ?? [
      `[info] Kiosk starting in kiosk mode (simulated ${options.kioskId})`,
      `[info] Fleet: connecting to ${options.brokerUrls.join(',')} as ${options.kioskId}`,
    ],
  };
  const applyHealthSeconds = (): void => {
    client.setHealthSeconds(remoteHealthSeconds(remote, options.healthSeconds));
  };
  const connection = rememberingConnect(options.onConnection);
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
    health: simulatedHealth(sources),
    actions: simulatedActions(options, shop, carriedOut, {
      reloadConfig: async () => {
        remote.reverify();
        applyHealthSeconds();
        await client.refetchConfig();
      },
      gatherDiagnostics: simulatedDiagnostics(sources),
    }),
    onConfigMessage: (scope, bytes) => {
      const result = remote.receive(scope, bytes);
      if (result === 'accepted' || result === 'cleared') applyHealthSeconds();
      // As setup-fleet.ts does: the console sees the refusal or new version at once.
      if (result !== 'unchanged') void client.publishHealth();
    },
    enrolment,
    log: options.log,
    random,
    connect: connection.connect,
  });
  enrolment.onChange(() => {
    void client.publishEnrolmentRequest();
  });
  return {
    kioskId: options.kioskId,
    client,
    publicKey: receiptKey.publicKey,
    enrolment,
    carriedOut,
    app: shop.app,
    start: () => {
      client.start();
      if (options.shoppers !== false) shop.startShoppers();
    },
    stop: async () => {
      shop.stopShoppers();
      await client.stop();
    },
    kill: killer(client, shop, connection.last),
    signReceipt: (request) => signer.sign(request),
  };
}

/**
 * Dies without a word, as a crashed kiosk: its socket is dropped, nothing more is sent and
 * it never reconnects, so the broker publishes its Last Will.
 */
function killer(
  client: FleetClient,
  shop: PretendShop,
  connection: () => MqttClient | null,
): () => void {
  let killed = false;
  return () => {
    if (killed) return;
    killed = true;
    shop.stopShoppers();
    const current = connection();
    const socket = current?.stream;
    if (!current || !socket || socket.destroyed) {
      void client.stop();
      return;
    }
    // The client's own close handler runs first (it plans a retry); this one then stops
    // it with no connection left, so nothing is said: no offline status, no DISCONNECT.
    current.once('close', () => void client.stop());
    socket.destroy();
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
