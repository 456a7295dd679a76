/**
 * The fleet's part of the kiosk's config: this kiosk's id and topics, and the signed remote
 * configs (fleet-agent's remote-config.ts) as layers of the live config, kept in userData so
 * a relaunch starts with them before the broker answers. Made only when a broker is
 * configured.
 */
import type { KioskGroups } from '../../../shared/fleet/groups';
import { kioskTopics, type KioskTopics } from '../../../shared/fleet/topics';
import {
  createRemoteConfig,
  type RemoteConfig,
  type RemoteConfigStore,
} from '../../../fleet-agent/config/remote-config';
import { fileRemoteConfigStore } from '../../../fleet-agent/config/remote-config-store';
import { fleetBrokerUrls } from '../../../fleet-agent/connection/broker-urls';
import { resolveKioskGroups } from '../../../fleet-agent/identity/kiosk-groups';
import { resolveKioskId } from '../../../fleet-agent/identity/kiosk-id';
import type { KioskConfig } from '../../../shared/kiosk-config/config-keys';
import type { FileConfigView, RemoteLayers } from '../config/live-config';
import { kioskRemoteKeys } from '../../../fleet-agent/config/remote-keys';
import type { Logger } from '../logging/logging';

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
