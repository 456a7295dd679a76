/**
 * The real kiosk on its fleet: the fleet agent's client (fleet-agent/fleet-client.ts) wired
 * to Electron and to the rest of main. With no broker (fleet.brokerUrl, fleet.brokerUrls)
 * nothing here runs and nothing connects.
 *
 * - Presence and health come from the real sources (kiosk-reports.ts); a clean quit says
 *   offline itself, waiting at most QUIT_WAIT_MS for the broker.
 * - Commands do real things: reload the config, send the page a catalogue refresh, relaunch
 *   (both only at a safe moment: fleet-relaunch.ts), capture the attract screen.
 * - Signed remote configs apply live where the key table says they can (live-effects.ts:
 *   the page's idle times, the printer, health's period, the opening hours) and otherwise by
 *   a relaunch at a safe moment.
 *
 * Broker trouble stays in here: the client retries with backoff on its own, and nothing a
 * shopper touches waits for it.
 */
import type { App } from 'electron';
import type { BackoffOptions } from '../../../shared/fleet/backoff';
import { watchConfigExpiry } from '../../../fleet-agent/config/config-expiry';
import { createDiagnosticsHistory } from '../../../fleet-agent/diagnostics/diagnostics-history';
import {
  createFleetClient,
  type FleetClient,
  type FleetClientOptions,
} from '../../../fleet-agent/fleet-client';
import { resolveKioskGroups } from '../../../fleet-agent/identity/kiosk-groups';
import type { Activity } from '../../../fleet-agent/kiosk/activity';
import type { ConfigKey } from '../../../shared/kiosk-config/config-keys';
import { putLiveKeysInForce, type LiveEffects } from '../config/live-effects';
import type { LiveConfig } from '../config/live-config';
import type { Logger } from '../logging/logging';
import type { StoreHours } from '../../../fleet-agent/kiosk/store-hours';
import { connectableBrokers } from './fleet-brokers';
import type { FleetIdentityParts } from './fleet-identity';
import { bounded, createFleetRelaunch, QUIT_WAIT_MS } from './fleet-relaunch';
import type { FleetRemote } from './fleet-remote';
import {
  kioskActions,
  kioskHealth,
  kioskStatus,
  type FleetWindow,
  type KioskReadings,
  type KioskReportSources,
} from './kiosk-reports';

/** Stand-ins a test gives for the clock, the versions, the files and the connection. */
export interface FleetSeams {
  versions?: { electron: string; chrome: string };
  now?: () => number;
  readFile?: (path: string) => Buffer;
  connect?: FleetClientOptions['connect'];
  backoff?: BackoffOptions;
  quitWaitMs?: number;
}

export interface FleetDeps {
  app: Pick<App, 'getVersion' | 'getAppMetrics' | 'relaunch' | 'exit' | 'quit' | 'on'>;
  liveConfig: LiveConfig<FleetRemote>;
  activity: Activity;
  /** The shop window, when one is open. */
  window(): FleetWindow | null;
  /** Puts the live keys in force that are not the fleet's own (live-effects.ts). */
  liveEffects: Omit<LiveEffects, 'fleet.healthSeconds'>;
  /** What health reports that only the rest of main knows. */
  readings: KioskReadings;
  /** The receipt key and the enrolment (fleet-identity.ts); absent: neither. */
  identity?: Pick<FleetIdentityParts, 'enrolment' | 'receiptPublicKey'>;
  /** The store's opening hours (store-hours.ts): asleep while closed, in status and health. */
  storeHours?: Pick<StoreHours, 'asleep' | 'onChange'>;
  argv: readonly string[];
  log: Logger;
  /**
   * `<userData>`, where the log lives; null when it cannot be written. Diagnostics read it,
   * and refused brokers wait there to be reported (in memory only without it).
   */
  userDataDir?: string | null;
  /** An installed kiosk (app.isPackaged): plain MQTT only to this machine. */
  packaged: boolean;
  seams?: FleetSeams;
}

export interface Fleet {
  /** Null when no broker is configured (or the TLS files could not be read). */
  readonly client: FleetClient | null;
  readonly kioskId: string | null;
  /** Says offline and disconnects (a quit does this by itself). */
  stop(): Promise<void>;
}

const NO_FLEET: Fleet = { client: null, kioskId: null, stop: () => Promise.resolve() };

export function setupFleet(deps: FleetDeps): Fleet {
  const { app, liveConfig, log } = deps;
  const seams = deps.seams ?? {};
  const config = liveConfig.startup;
  const remote = liveConfig.remote;
  const brokers = connectableBrokers(config, remote !== null, {
    packaged: deps.packaged,
    userDataDir: deps.userDataDir ?? null,
    now: seams.now ?? Date.now,
    ...(seams.readFile ? { readFile: seams.readFile } : {}),
    log,
  });
  if (!brokers || !remote) return NO_FLEET;
  const quitWaitMs = seams.quitWaitMs ?? QUIT_WAIT_MS;
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    expiry.stop();
    return (stopping ??= client.stop());
  };
  const relaunch = createFleetRelaunch({
    app,
    argv: deps.argv,
    liveConfig,
    activity: deps.activity,
    remoteKept: () => remote.config.isKept(),
    stop,
    quitWaitMs,
    log,
  });
  /** Puts changed keys into force: live ones now, the rest by a relaunch. */
  const apply = (changed: readonly ConfigKey[]): void => {
    if (changed.length === 0) return;
    putLiveKeysInForce(changed, liveConfig.effective(), {
      ...deps.liveEffects,
      'fleet.healthSeconds': (effective) => {
        client.setHealthSeconds(effective['fleet.healthSeconds']);
      },
    });
    relaunch.followPending();
  };
  // A valid certificate's store and region win over the machine-wide file's.
  remote.useGroups(() => {
    const state = deps.identity?.enrolment?.state();
    return resolveKioskGroups(
      state?.kind === 'enrolled' ? state.certificate : null,
      liveConfig.files(),
    );
  });
  const client: FleetClient = createFleetClient(
    clientOptions(deps, remote, brokers, {
      reloadConfig: async () => {
        apply(liveConfig.reload());
        expiry.rearm();
        await client.refetchConfig();
      },
      relaunch: () => {
        void relaunch.now('the fleet asked for it');
      },
      onConfigMessage: (scope, bytes) => {
        const result = remote.config.receive(scope, bytes);
        if (result === 'accepted' || result === 'cleared') {
          apply(liveConfig.refresh());
          expiry.rearm();
        }
        // The console sees a refusal (or the new version) without waiting for the next period.
        if (result !== 'unchanged') void client.publishHealth();
      },
      client: () => client,
    }),
  );
  // A signed config stops applying at its notAfter, as if it had been withdrawn.
  const expiry = watchConfigExpiry({
    config: remote.config,
    onExpired: () => {
      apply(liveConfig.refresh());
      void client.publishHealth();
    },
  });
  followKioskChanges(deps, remote, client, { apply, rearm: () => expiry.rearm() });
  // Whatever quits the app (staff exit, the OS), the console sees offline at once rather
  // than a keepalive later; a broker that does not answer holds the quit up QUIT_WAIT_MS.
  app.on('will-quit', (event) => {
    if (stopping) return;
    event.preventDefault();
    void bounded(stop(), quitWaitMs).finally(() => {
      app.quit();
    });
  });
  expiry.rearm();
  client.start();
  return { client, kioskId: remote.kioskId, stop };
}

/** What setupFleet itself does for the client: its own commands and the config messages. */
interface FleetOwn {
  reloadConfig: () => Promise<void>;
  relaunch: () => void;
  onConfigMessage: FleetClientOptions['onConfigMessage'];
  client: () => FleetClient;
}

function clientOptions(
  deps: FleetDeps,
  remote: FleetRemote,
  brokers: NonNullable<ReturnType<typeof connectableBrokers>>,
  own: FleetOwn,
): FleetClientOptions {
  const { liveConfig, log } = deps;
  const config = liveConfig.startup;
  const seams = deps.seams ?? {};
  const now = seams.now ?? Date.now;
  const sources: KioskReportSources = {
    app: deps.app,
    liveConfig,
    remote,
    activity: deps.activity,
    window: () => {
      const window = deps.window();
      return window && !window.isDestroyed() ? window : null;
    },
    readings: deps.readings,
    storeHours: deps.storeHours,
    receiptPublicKey: () => deps.identity?.receiptPublicKey() ?? null,
    catalogueUrl: config.catalogueUrl,
    startedAt: now(),
    now,
    versions: seams.versions ?? {
      electron: process.versions.electron,
      chrome: process.versions.chrome,
    },
    userDataDir: deps.userDataDir ?? null,
    // The last health reports and update states, for the diagnostics bundle.
    history: createDiagnosticsHistory(),
    client: own.client,
    brokerRefusals: () => brokers.refusals.reported(),
  };
  const enrolment = deps.identity?.enrolment;
  return {
    brokerUrls: brokers.usable,
    kioskId: remote.kioskId,
    topicPrefix: config['fleet.topicPrefix'],
    ...(config['fleet.username'] === '' ? {} : { username: config['fleet.username'] }),
    ...(config['fleet.password'] === '' ? {} : { password: config['fleet.password'] }),
    tls: brokers.tls,
    keepaliveSeconds: config['fleet.keepaliveSeconds'],
    healthSeconds: liveConfig.effective()['fleet.healthSeconds'],
    status: kioskStatus(sources),
    health: kioskHealth(sources),
    onHealthSent: (report) => {
      brokers.refusals.delivered(report.brokerRefusals);
    },
    actions: kioskActions(sources, own),
    groups: () => remote.groups(),
    onConfigMessage: own.onConfigMessage,
    log,
    ...(enrolment ? { enrolment } : {}),
    ...(seams.connect ? { connect: seams.connect } : {}),
    ...(seams.backoff ? { backoff: seams.backoff } : {}),
  };
}

/** The store's hours, the enrolment and the groups it gives: the console sees each change. */
function followKioskChanges(
  deps: FleetDeps,
  remote: FleetRemote,
  client: FleetClient,
  config: { apply(changed: readonly ConfigKey[]): void; rearm(): void },
): void {
  const { liveConfig, log } = deps;
  // Asleep or awake: the console sees it at once, not at the next health period.
  deps.storeHours?.onChange(() => {
    void client.publishStatus();
    void client.publishHealth();
  });
  // The configs kept on disk were checked again under the certificate's groups.
  config.apply(liveConfig.refresh());
  // The groups follow the certificate: a new store's configs apply and the old one's stop.
  let lastGroups = JSON.stringify(remote.groups());
  const followGroups = (): void => {
    const current = JSON.stringify(remote.groups());
    if (current === lastGroups) return;
    lastGroups = current;
    log.info(`Fleet: the kiosk's groups are now ${current}`);
    remote.config.reverify();
    config.apply(liveConfig.refresh());
    config.rearm();
    void client.refetchConfig();
    void client.publishStatus();
    void client.publishHealth();
  };
  // Enrolled, revoked, back to waiting: the request on the broker follows at once.
  deps.identity?.enrolment?.onChange(() => {
    void client.publishEnrolmentRequest();
    followGroups();
  });
}
