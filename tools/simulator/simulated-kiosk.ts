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
 * certificates kept in memory), the groups it gives (kiosk-groups.ts: the certificate's
 * store and region, else the ones it was started with, as a machine-wide file's), the
 * store's opening hours (store-hours.ts: asleep while closed, from the signed config's
 * schedule) and the receipt signer (receipt-signer.ts, with an in-memory Ed25519 key,
 * signing once enrolled).
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
import { groupsForStatus, resolveKioskGroups } from '../../fleet-agent/identity/kiosk-groups';
import { receiptKeyFrom } from '../../fleet-agent/identity/receipt-key';
import { setupStoreHours, type StoreHours } from '../../fleet-agent/kiosk/store-hours';
import type { KioskGroups } from '../../shared/fleet/groups';
import type { OpeningHours } from '../../shared/kiosk-config/opening-hours';
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
  /**
   * Its store and region as a machine-wide file would set them (group ids), until its
   * certificate names its own; absent: none.
   */
  store?: string;
  region?: string;
  /**
   * Asleep whatever the hours, as a kiosk whose store is closed (default: it follows the
   * opening hours of its signed config, awake without any).
   */
  asleep?: boolean;
  /**
   * What its status says of its groups whatever its certificate names, as a kiosk login
   * that lies would (the console's mismatch alert is tested with it); absent: its groups.
   */
  claimedGroups?: KioskGroups;
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

function simulatedRemote(
  options: SimulatedKioskOptions,
  groups: () => KioskGroups,
): RemoteConfig<SimulatedConfig> {
  const topics = kioskTopics(options.topicPrefix, options.kioskId);
  return createRemoteConfig({
    kioskId: options.kioskId,
    prefix: options.topicPrefix,
    topics: { fleet: topics.fleetConfig, kiosk: topics.config },
    publicKey: () => options.configPublicKey ?? '',
    keys: SIMULATED_KEY_RULES,
    // Kept for this run only: a simulated kiosk has no disk of its own.
    store: { load: () => ({ fleet: null, kiosk: null }), save: () => undefined },
    groups,
    log: options.log,
  });
}

/** The pretend shop's answers to the fleet's commands, each counted. */
function simulatedActions(
  options: SimulatedKioskOptions,
  shop: PretendShop,
  carriedOut: CarriedOut,
  own: {
    reloadConfig: () => Promise<void>;
    gatherDiagnostics: () => Promise<Uint8Array>;
    asleep: () => boolean;
  },
): FleetActions {
  const { activity } = shop;
  return {
    whenSafe: (signal) => activity.whenSafe(signal),
    isAttractScreen: () => activity.snapshot().screen === 'attract',
    isAsleep: own.asleep,
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

/** A key's value from the nearest remote config that sets it; undefined: none does. */
function nearestRemote<K extends keyof SimulatedConfig>(
  remote: RemoteConfig<SimulatedConfig>,
  key: K,
): SimulatedConfig[K] | undefined {
  for (const layer of remote.layers()) {
    const value = layer.values[key];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The store's schedule in force: the nearest remote config's, else none (always open). */
function remoteOpeningHours(remote: RemoteConfig<SimulatedConfig>): OpeningHours | null {
  return nearestRemote(remote, 'openingHours') ?? null;
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
  const groups = simulatedGroups(options, enrolment);
  const shop = createPretendShop({
    random,
    startedAt,
    screen: options.screen,
    memoryMB: options.memoryMB,
  });
  const remote = simulatedRemote(options, groups);
  // Started with the kiosk, so a fleet of stopped kiosks keeps no timers.
  let storeHours: StoreHours | null = null;
  const asleep = (): boolean => options.asleep === true || (storeHours?.asleep() ?? false);
  const carriedOut: CarriedOut = { 'reload-config': 0, 'refresh-catalogue': 0, relaunch: 0 };
  const sources: SimulatedSources = {
    kioskId: options.kioskId,
    version,
    startedAt,
    shop,
    remote,
    history: createDiagnosticsHistory(),
    client: () => client,
    asleep,
    logLines: options.logLines ?? [
      `[info] Kiosk starting in kiosk mode (simulated ${options.kioskId})`,
      `[info] Fleet: connecting to ${options.brokerUrls.join(',')} as ${options.kioskId}`,
    ],
  };
  const applyConfig = (): void => {
    client.setHealthSeconds(nearestRemote(remote, 'fleet.healthSeconds') ?? options.healthSeconds);
    storeHours?.check();
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
      state: asleep() ? ('asleep' as const) : ('online' as const),
      version,
      startedAt: new Date(startedAt).toISOString(),
      publicKey: signer.receiptPublicKey(),
      ...groupsForStatus(options.claimedGroups ?? groups()),
    }),
    groups,
    health: simulatedHealth(sources),
    actions: simulatedActions(options, shop, carriedOut, {
      reloadConfig: async () => {
        remote.reverify();
        applyConfig();
        await client.refetchConfig();
      },
      gatherDiagnostics: simulatedDiagnostics(sources),
      asleep,
    }),
    onConfigMessage: (scope, bytes) => {
      const result = remote.receive(scope, bytes);
      if (result === 'accepted' || result === 'cleared') applyConfig();
      // As setup-fleet.ts does: the console sees the refusal or new version at once.
      if (result !== 'unchanged') void client.publishHealth();
    },
    enrolment,
    log: options.log,
    random,
    connect: connection.connect,
  });
  followEnrolment({ enrolment, groups, remote, client, applyConfig });
  const followHours = (): StoreHours =>
    simulatedStoreHours({ options, startedAt, shop, remote, client, carriedOut });
  return {
    kioskId: options.kioskId,
    client,
    publicKey: receiptKey.publicKey,
    enrolment,
    carriedOut,
    app: shop.app,
    start: () => {
      storeHours ??= followHours();
      client.start();
      if (options.shoppers !== false && !asleep()) shop.startShoppers();
    },
    stop: async () => {
      storeHours?.stop();
      shop.stopShoppers();
      await client.stop();
    },
    kill: killer(client, shop, connection.last, () => storeHours?.stop()),
    signReceipt: (request) => signer.sign(request),
  };
}

/** Its groups: a valid certificate's store and region win over the ones it was started with. */
function simulatedGroups(
  options: SimulatedKioskOptions,
  enrolment: KioskEnrolment,
): () => KioskGroups {
  return () => {
    const state = enrolment.state();
    return resolveKioskGroups(state.kind === 'enrolled' ? state.certificate : null, {
      'fleet.store': options.store ?? '',
      'fleet.region': options.region ?? '',
    });
  };
}

/**
 * As setup-fleet.ts does: the enrolment request follows the enrolment, and the groups the
 * certificate, so a new store's configs apply and the old one's stop.
 */
function followEnrolment(parts: {
  enrolment: KioskEnrolment;
  groups: () => KioskGroups;
  remote: RemoteConfig<SimulatedConfig>;
  client: FleetClient;
  applyConfig: () => void;
}): void {
  const { enrolment, groups, remote, client } = parts;
  let lastGroups = JSON.stringify(groups());
  enrolment.onChange(() => {
    void client.publishEnrolmentRequest();
    const current = JSON.stringify(groups());
    if (current === lastGroups) return;
    lastGroups = current;
    remote.reverify();
    parts.applyConfig();
    void client.refetchConfig();
    void client.publishStatus();
    void client.publishHealth();
  });
}

/** The store's opening hours over the pretend shop, by the kiosk's own rule. */
function simulatedStoreHours(parts: {
  options: SimulatedKioskOptions;
  startedAt: number;
  shop: PretendShop;
  remote: RemoteConfig<SimulatedConfig>;
  client: FleetClient;
  carriedOut: CarriedOut;
}): StoreHours {
  const { options, shop, client } = parts;
  const hours = setupStoreHours({
    schedule: () => remoteOpeningHours(parts.remote),
    startedAt: parts.startedAt,
    whenSafe: (signal) => shop.activity.whenSafe(signal),
    relaunch: () => {
      parts.carriedOut.relaunch += 1;
      shop.activity.setScreen('attract');
    },
    updatePending: () => false,
    log: options.log,
  });
  // Nobody shops in a closed store; the console sees the change at once.
  hours.onChange((closed) => {
    if (closed) shop.stopShoppers();
    else if (options.shoppers !== false) shop.startShoppers();
    void client.publishStatus();
    void client.publishHealth();
  });
  return hours;
}

/**
 * Dies without a word, as a crashed kiosk: its socket is dropped, nothing more is sent and
 * it never reconnects, so the broker publishes its Last Will.
 */
function killer(
  client: FleetClient,
  shop: PretendShop,
  connection: () => MqttClient | null,
  stopHours: () => void,
): () => void {
  let killed = false;
  return () => {
    if (killed) return;
    killed = true;
    stopHours();
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
