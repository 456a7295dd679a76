/**
 * The real kiosk on its fleet: the fleet client (fleet-client.ts) wired to Electron and to
 * the rest of main. With no broker (fleet.brokerUrl, fleet.brokerUrls) nothing here runs and nothing connects.
 *
 * - Presence and health come from the real sources (health.ts); a clean quit says offline
 *   itself, waiting at most QUIT_WAIT_MS for the broker.
 * - Commands do real things: reload the config, send the page a catalogue refresh, relaunch
 *   (both only at a safe moment), capture the attract screen.
 * - Signed remote configs (remote-config.ts) apply live where they can (idle times to the
 *   page, the printer, health's period) and otherwise by a relaunch at a safe moment.
 *
 * Broker trouble stays in here: the client retries with backoff on its own, and nothing a
 * shopper touches waits for it.
 */
import type { App, BrowserWindow } from 'electron';
import {
  CATALOGUE_REFRESH_CHANNEL,
  IPC_CHANNELS,
  type RendererConfig,
} from '../../../shared/bridge';
import { COMMAND_ERRORS } from '../../../shared/fleet/payloads';
import { kioskTopics, type KioskTopics } from '../../../shared/fleet/topics';
import type { Activity } from '../activity/activity';
import type { ConfigKey, KioskConfig } from '../config/config-keys';
import type { FileConfigView, LiveConfig, RemoteLayers } from '../config/live-config';
import type { Logger } from '../logging/logging';
import { receiptPrinterAvailable, type ReceiptPrinting } from '../printing/printing';
import { RELAUNCH_ATTEMPT_FLAG } from '../self-care/recovery';
import { planRelaunch, relaunchApp } from '../self-care/relaunch';
import type { BackoffOptions } from '../../../shared/fleet/backoff';
import type { KioskGroups } from '../../../shared/fleet/groups';
import {
  createFleetClient,
  type FleetClient,
  type FleetClientOptions,
} from '../../../fleet-agent/fleet-client';
import { watchConfigExpiry } from '../../../fleet-agent/config/config-expiry';
import { createKioskEnrolment, type KioskEnrolment } from '../../../fleet-agent/identity/enrolment';
import { fileEnrolmentStore } from '../../../fleet-agent/identity/enrolment-store';
import { collectHealth, type UpdateStatus } from '../../../fleet-agent/health/health';
import { gatherDiagnostics } from '../../../fleet-agent/diagnostics/diagnostics-bundle';
import { createDiagnosticsHistory } from '../../../fleet-agent/diagnostics/diagnostics-history';
import { resolveKioskId } from '../../../fleet-agent/identity/kiosk-id';
import { groupsForStatus, resolveKioskGroups } from '../../../fleet-agent/identity/kiosk-groups';
import {
  createRemoteConfig,
  type RemoteConfig,
  type RemoteConfigStore,
} from '../../../fleet-agent/config/remote-config';
import { fileRemoteConfigStore } from '../../../fleet-agent/config/remote-config-store';
import { checkBrokerTransport } from '../../../fleet-agent/connection/broker-transport';
import {
  fileBrokerRefusalStore,
  keepBrokerRefusals,
  memoryBrokerRefusalStore,
} from '../../../fleet-agent/connection/broker-refusals';
import {
  fleetBrokerUrls,
  type BrokerUrlSettings,
} from '../../../fleet-agent/connection/broker-urls';
import { readTlsFiles } from '../../../fleet-agent/connection/tls-files';
import type { StoreHours } from '../opening-hours/store-hours';
import { kioskRemoteKeys } from '../config/remote-keys';

/** How long a quit or a relaunch waits for the broker to take the offline status. */
export const QUIT_WAIT_MS = 1000;

/** The fleet's part of the config: this kiosk's id and topics, and its remote configs. */
export interface FleetRemote extends RemoteLayers {
  kioskId: string;
  topics: KioskTopics;
  config: RemoteConfig<KioskConfig>;
  /** The store and region the kiosk belongs to now. */
  groups(): KioskGroups;
  /**
   * Where the groups come from from now on (setupFleet adds the enrolment certificate to
   * the machine-wide file); the configs in force are checked again at once.
   */
  useGroups(source: () => KioskGroups): void;
}

/**
 * The kiosk's fleet identity for signing receipts: the same id the fleet client uses, or
 * null when no broker is configured or the id is unusable (receipts then show the plain id).
 */
export function fleetIdentity(
  config: BrokerUrlSettings & Pick<KioskConfig, 'fleet.kioskId'>,
  userDataDir: string,
  log: Logger,
): { kioskId: string } | null {
  if (fleetBrokerUrls(config).length === 0) return null;
  try {
    return { kioskId: resolveKioskId(config['fleet.kioskId'], userDataDir, log) };
  } catch (error) {
    log.error(`Fleet: no kiosk id for signing receipts (${String(error)})`);
    return null;
  }
}

/**
 * The kiosk's enrolment (enrolment.ts) for its receipt key, kept in userData; null without
 * a fleet identity or a usable topic prefix (receipts then show the plain id).
 */
export function fleetEnrolment(
  config: Pick<KioskConfig, 'fleet.topicPrefix' | 'fleet.enrolmentPublicKey'>,
  identity: { kioskId: string } | null,
  publicKey: string | null,
  options: { userDataDir: string; version: string; log: Logger },
): KioskEnrolment | null {
  if (identity === null) return null;
  try {
    return createKioskEnrolment({
      kioskId: identity.kioskId,
      prefix: config['fleet.topicPrefix'],
      publicKey,
      enrolmentKey: config['fleet.enrolmentPublicKey'],
      version: options.version,
      store: fileEnrolmentStore(options.userDataDir, options.log),
      log: options.log,
    });
  } catch (error) {
    options.log.error(`Fleet: no enrolment (${String(error)}); receipts show the plain id`);
    return null;
  }
}

/**
 * The remote layers for createLiveConfig: made only when a broker is configured, from the
 * signed configs kept on disk, so a relaunch starts with them before the broker answers.
 */
export function fleetRemoteLayers(
  userDataDir: string,
  log: Logger,
  makeStore: () => RemoteConfigStore = () => fileRemoteConfigStore(userDataDir, log),
): (files: FileConfigView) => FleetRemote | null {
  return (files) => {
    const local = files.config();
    if (fleetBrokerUrls(local).length === 0) return null;
    try {
      const kioskId = resolveKioskId(local['fleet.kioskId'], userDataDir, log);
      const topics = kioskTopics(local['fleet.topicPrefix'], kioskId);
      // Until the enrolment is known: the machine-wide file's store and region.
      let groupSource = (): KioskGroups => resolveKioskGroups(null, files.config());
      const config = createRemoteConfig({
        kioskId,
        prefix: local['fleet.topicPrefix'],
        topics: { fleet: topics.fleetConfig, kiosk: topics.config },
        groups: () => groupSource(),
        // Read live: reload-config may bring a new key or new locks.
        publicKey: () => files.config()['fleet.configPublicKey'],
        keys: kioskRemoteKeys({
          locks: () => files.locks(),
          minAppVersion: () => files.config()['update.minVersion'],
        }),
        minVersion: () => files.config()['fleet.minConfigVersion'],
        store: makeStore(),
        log,
      });
      return {
        kioskId,
        topics,
        config,
        layers: () => config.layers(),
        reverify: () => {
          config.reverify();
        },
        groups: () => groupSource(),
        useGroups: (source) => {
          groupSource = source;
          config.reverify();
        },
      };
    } catch (error) {
      log.error(
        `Fleet: cannot set up (${error instanceof Error ? error.message : String(error)}); not connecting`,
      );
      return null;
    }
  };
}

/** What the fleet needs of the shop window. */
export type FleetWindow = Pick<BrowserWindow, 'isDestroyed'> & {
  webContents: Pick<BrowserWindow['webContents'], 'send' | 'capturePage' | 'getPrintersAsync'>;
};

export interface FleetDeps {
  app: Pick<App, 'getVersion' | 'getAppMetrics' | 'relaunch' | 'exit' | 'quit' | 'on'>;
  liveConfig: LiveConfig<FleetRemote>;
  activity: Activity;
  /** The shop window, when one is open. */
  window(): FleetWindow | null;
  /** The page's settings for a config, as the window was given them. */
  rendererConfig(config: KioskConfig): RendererConfig;
  printing: Pick<ReceiptPrinting, 'printerName' | 'setPrinterName'>;
  imageCache(): { images: number; bytes: number } | null;
  failedPinsToday(): number;
  gpuFallback: boolean;
  lastError(): string | null;
  /** The receipt signing key's public half (b64url raw), or null when there is none. */
  receiptPublicKey(): string | null;
  /** The kiosk's enrolment: its request and certificates travel over this connection. */
  enrolment?: KioskEnrolment | null;
  /** The store's opening hours (store-hours.ts): asleep while closed, in status and health. */
  storeHours?: Pick<StoreHours, 'asleep' | 'onChange' | 'check'>;
  /** The updater's state, or null while the kiosk has no updater. */
  updateStatus(): UpdateStatus;
  argv: readonly string[];
  log: Logger;
  /**
   * `<userData>`, where the log lives; null when it cannot be written. Diagnostics read it,
   * and refused brokers wait there to be reported (in memory only without it).
   */
  userDataDir?: string | null;
  /** Whether the kiosk sleeps outside opening hours (diagnostics run then too). */
  isAsleep?: () => boolean;
  /** An installed kiosk (app.isPackaged): plain MQTT only to this machine. */
  packaged: boolean;
  versions?: { electron: string; chrome: string };
  now?: () => number;
  readFile?: (path: string) => Buffer;
  connect?: FleetClientOptions['connect'];
  backoff?: BackoffOptions;
  quitWaitMs?: number;
}

export interface Fleet {
  /** Null when no broker is configured (or the TLS files could not be read). */
  readonly client: FleetClient | null;
  readonly kioskId: string | null;
  /** Says offline and disconnects (a quit does this by itself). */
  stop(): Promise<void>;
}

const NO_FLEET: Fleet = { client: null, kioskId: null, stop: () => Promise.resolve() };

function bounded(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const RENDERER_KEYS: readonly ConfigKey[] = ['idleTimeoutSeconds', 'idleCountdownSeconds'];

export function setupFleet(deps: FleetDeps): Fleet {
  const { app, liveConfig, activity, log } = deps;
  const now = deps.now ?? Date.now;
  const quitWaitMs = deps.quitWaitMs ?? QUIT_WAIT_MS;
  const config = liveConfig.startup;
  const remote = liveConfig.remote;
  if (fleetBrokerUrls(config).length === 0 || !remote) {
    log.info('Fleet: no broker configured (fleet.brokerUrl, fleet.brokerUrls); not connecting');
    return NO_FLEET;
  }
  // Before any file is read or socket opened: a TLS setting with a plain URL, or plain MQTT
  // off this machine on an installed kiosk, refuses that broker; with none left the kiosk
  // stays off the fleet. Each refusal is logged and kept until health has named it: the
  // first run that reaches the fleet, this one or a later start, reports it.
  const transport = checkBrokerTransport(config, deps.packaged);
  const others = transport.usable.length > 0 ? '; connecting to the other brokers' : '';
  for (const { brokerUrl, reason } of transport.refused) {
    log.error(`Fleet: not connecting to ${brokerUrl} (${transport.setting}): ${reason}${others}`);
  }
  // A TLS file that cannot be read (or is no PEM) refuses every broker left, for the same
  // reason: the kiosk stays off rather than connect with less than its owner configured, and
  // the next start that reaches the fleet names it in health like any other refusal.
  const tls = transport.usable.length > 0 ? readTlsFiles(config, deps.readFile) : null;
  if (tls && !tls.ok) log.error(`Fleet: not connecting: ${tls.reason}`);
  const refusals = keepBrokerRefusals(
    deps.userDataDir ? fileBrokerRefusalStore(deps.userDataDir, log) : memoryBrokerRefusalStore(),
    tls && !tls.ok
      ? [
          ...transport.refused,
          ...transport.usable.map((brokerUrl) => ({ brokerUrl, reason: tls.reason })),
        ]
      : transport.refused,
    now(),
    log,
  );
  if (!tls?.ok) return NO_FLEET;
  const startedAt = now();
  // The catalogue this run shows; a new URL takes effect at the relaunch it asks for.
  const { catalogueUrl } = config;
  const versions = deps.versions ?? {
    electron: process.versions.electron,
    chrome: process.versions.chrome,
  };

  // The last health reports and update states, for the diagnostics bundle.
  const history = createDiagnosticsHistory();

  const openWindow = (): FleetWindow | null => {
    const window = deps.window();
    return window && !window.isDestroyed() ? window : null;
  };

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    expiry.stop();
    return (stopping ??= client.stop());
  };

  let relaunching = false;
  const relaunchNow = async (reason: string): Promise<void> => {
    if (relaunching) return;
    relaunching = true;
    log.info(`Fleet: relaunching the kiosk (${reason})`);
    await bounded(stop(), quitWaitMs);
    // A relaunch asked for is not a crash: the crash-loop count starts again.
    const attempt = `--${RELAUNCH_ATTEMPT_FLAG}=`;
    relaunchApp(app, planRelaunch(deps.argv, { drop: (arg) => arg.startsWith(attempt) }));
    app.exit(0);
  };

  let relaunchWait: AbortController | null = null;
  const followPendingRelaunch = (): void => {
    const pending = liveConfig.pendingRelaunch();
    if (pending.length === 0) {
      if (relaunchWait) log.info('Fleet: the config is back as it started; no relaunch needed');
      relaunchWait?.abort();
      relaunchWait = null;
      return;
    }
    if (relaunchWait) return;
    log.info(`Fleet: ${pending.join(', ')} changed; relaunching at the next safe moment`);
    const wait = new AbortController();
    relaunchWait = wait;
    activity.whenSafe(wait.signal).then(
      () => {
        relaunchWait = null;
        const waiting = liveConfig.pendingRelaunch();
        if (waiting.length === 0) return;
        // The relaunched kiosk reads the remote config from disk: without it, it would take
        // the retained payload again and relaunch again, for ever.
        const files = liveConfig.files();
        const current = liveConfig.current();
        const fromRemote = waiting.some((key) => files[key] !== current[key]);
        if (fromRemote && !remote.config.isKept()) {
          log.warn(
            'Fleet: the remote config could not be kept on disk, so a relaunch would lose it; the change waits for the next start',
          );
          return;
        }
        void relaunchNow('a new config');
      },
      () => undefined,
    );
  };

  /** Puts changed keys into force: live ones now, the rest by a relaunch. */
  const apply = (changed: readonly ConfigKey[]): void => {
    if (changed.length === 0) return;
    const effective = liveConfig.effective();
    if (changed.some((key) => RENDERER_KEYS.includes(key))) {
      openWindow()?.webContents.send(IPC_CHANNELS.configChanged, deps.rendererConfig(effective));
    }
    if (changed.includes('printerName')) deps.printing.setPrinterName(effective.printerName);
    if (changed.includes('fleet.healthSeconds')) {
      client.setHealthSeconds(effective['fleet.healthSeconds']);
    }
    if (changed.includes('openingHours')) deps.storeHours?.check();
    followPendingRelaunch();
  };

  // A valid certificate's store and region win over the machine-wide file's.
  const enrolledCertificate = () => {
    const state = deps.enrolment?.state();
    return state?.kind === 'enrolled' ? state.certificate : null;
  };
  remote.useGroups(() => resolveKioskGroups(enrolledCertificate(), liveConfig.files()));

  const client: FleetClient = createFleetClient({
    brokerUrls: transport.usable,
    kioskId: remote.kioskId,
    topicPrefix: config['fleet.topicPrefix'],
    ...(config['fleet.username'] === '' ? {} : { username: config['fleet.username'] }),
    ...(config['fleet.password'] === '' ? {} : { password: config['fleet.password'] }),
    tls: tls.tls,
    keepaliveSeconds: config['fleet.keepaliveSeconds'],
    healthSeconds: liveConfig.effective()['fleet.healthSeconds'],
    status: () => ({
      state: deps.storeHours?.asleep() === true ? ('asleep' as const) : ('online' as const),
      version: app.getVersion(),
      startedAt: new Date(startedAt).toISOString(),
      publicKey: deps.receiptPublicKey(),
      ...groupsForStatus(remote.groups()),
    }),
    health: async () => {
      const report = await collectHealth({
        now,
        startedAt,
        versions: { app: app.getVersion(), ...versions },
        activity,
        appMetrics: () => app.getAppMetrics(),
        imageCache: () => deps.imageCache(),
        catalogueUrl,
        printerAvailable: () =>
          receiptPrinterAvailable(openWindow()?.webContents ?? null, deps.printing.printerName()),
        failedPinsToday: () => deps.failedPinsToday(),
        gpuFallback: deps.gpuFallback,
        lastError: () => deps.lastError(),
        update: () => deps.updateStatus(),
        remoteConfig: () => ({
          version: remote.config.version(),
          refusals: remote.config.refusals(),
        }),
        pendingRelaunch: () => liveConfig.pendingRelaunch(),
        dropped: () => client.droppedMessages(),
        brokerRefusals: () => refusals.reported(),
        ...(deps.storeHours ? { asleep: () => deps.storeHours?.asleep() === true } : {}),
      });
      history.recordHealth(report);
      return report;
    },
    onHealthSent: (report) => {
      refusals.delivered(report.brokerRefusals);
    },
    actions: {
      whenSafe: (signal) => activity.whenSafe(signal),
      isAttractScreen: () => activity.snapshot().screen === 'attract',
      // Asleep as the store's hours say, or as the caller knows it otherwise.
      isAsleep: () => deps.isAsleep?.() === true || deps.storeHours?.asleep() === true,
      gatherDiagnostics: () =>
        Promise.resolve().then(() =>
          gatherDiagnostics({
            kioskId: remote.kioskId,
            now,
            versions: {
              app: app.getVersion(),
              ...versions,
              node: process.versions.node,
              platform: process.platform,
              arch: process.arch,
            },
            config: () => ({ values: liveConfig.effective(), sources: liveConfig.origins() }),
            userDataDir: deps.userDataDir ?? null,
            health: () => history.health(),
            updates: () => history.updates(),
            imageCache: () => deps.imageCache(),
            pendingRelaunch: () => liveConfig.pendingRelaunch(),
          }),
        ),
      reloadConfig: async () => {
        apply(liveConfig.reload());
        expiry.rearm();
        await client.refetchConfig();
      },
      refreshCatalogue: () => {
        const window = openWindow();
        if (!window) return Promise.reject(new Error('the shop window is not open'));
        window.webContents.send(CATALOGUE_REFRESH_CHANNEL);
        return Promise.resolve();
      },
      relaunch: () => {
        void relaunchNow('the fleet asked for it');
      },
      captureScreenshot: async () => {
        const window = openWindow();
        if (!window) throw new Error('the shop window is not open');
        const image = await window.webContents.capturePage();
        // A shopper may have touched the screen while it was captured: never send that.
        if (activity.snapshot().screen !== 'attract') throw new Error(COMMAND_ERRORS.notOnAttract);
        return image.toPNG();
      },
    },
    groups: () => remote.groups(),
    onConfigMessage: (scope, bytes) => {
      const result = remote.config.receive(scope, bytes);
      if (result === 'accepted' || result === 'cleared') {
        apply(liveConfig.refresh());
        expiry.rearm();
      }
      // The console sees a refusal (or the new version) without waiting for the next period.
      if (result !== 'unchanged') void client.publishHealth();
    },
    log,
    ...(deps.enrolment ? { enrolment: deps.enrolment } : {}),
    ...(deps.connect ? { connect: deps.connect } : {}),
    ...(deps.backoff ? { backoff: deps.backoff } : {}),
  });
  // Asleep or awake: the console sees it at once, not at the next health period.
  deps.storeHours?.onChange(() => {
    void client.publishStatus();
    void client.publishHealth();
  });
  // The configs kept on disk were checked again under the certificate's groups.
  apply(liveConfig.refresh());
  // Enrolled, revoked, back to waiting: the request on the broker follows at once.
  deps.enrolment?.onChange(() => {
    void client.publishEnrolmentRequest();
    followGroups();
  });

  // The groups follow the certificate: a new store's configs apply and the old one's stop.
  const fleetRemote = remote;
  let lastGroups = JSON.stringify(fleetRemote.groups());
  function followGroups(): void {
    const current = JSON.stringify(fleetRemote.groups());
    if (current === lastGroups) return;
    lastGroups = current;
    log.info(`Fleet: the kiosk's groups are now ${current}`);
    fleetRemote.config.reverify();
    apply(liveConfig.refresh());
    expiry.rearm();
    void client.refetchConfig();
    void client.publishStatus();
    void client.publishHealth();
  }

  // Whatever quits the app (staff exit, the OS), the console sees offline at once rather
  // than a keepalive later; a broker that does not answer holds the quit up QUIT_WAIT_MS.
  app.on('will-quit', (event) => {
    if (stopping) return;
    event.preventDefault();
    void bounded(stop(), quitWaitMs).finally(() => {
      app.quit();
    });
  });

  // A signed config stops applying at its notAfter, as if it had been withdrawn.
  const expiry = watchConfigExpiry({
    config: remote.config,
    onExpired: () => {
      apply(liveConfig.refresh());
      void client.publishHealth();
    },
  });
  expiry.rearm();

  client.start();
  return { client, kioskId: remote.kioskId, stop };
}
