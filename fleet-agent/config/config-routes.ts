/**
 * The retained config topics a kiosk listens to, each with its scope: the fleet's, this
 * kiosk's, and its store's and region's while it belongs to them. The groups are read
 * afresh at every connect and refetch, so a kiosk that changes store follows, and a store
 * it has left is a stranger's topic. What arrives goes to the remote config
 * (remote-config.ts), each message within the config's byte limit.
 */
import { MESSAGE_LIMITS } from '../../shared/fleet/message-limits';
import { NO_GROUPS, type KioskGroups } from '../../shared/fleet/groups';
import { groupConfigTopic } from '../../shared/fleet/topics';
import type { InboundRoute } from '../connection/inbound-guard';
import type { RemoteScope } from './config-envelope-rules';

export interface ConfigRoutesOptions {
  prefix: string;
  /** This kiosk's config topic and the fleet's. */
  topics: { kiosk: string; fleet: string };
  /** The store and region this kiosk belongs to now; absent: none. */
  groups?: () => KioskGroups;
  /** A message on one of the config topics. */
  onConfigMessage: (scope: RemoteScope, bytes: Uint8Array) => void;
}

export interface ConfigRoutes {
  /** The config topics to subscribe to now. */
  topics(): string[];
  /** The route of a config topic the kiosk listens to now; undefined for any other. */
  routeOf(topic: string): InboundRoute | undefined;
}

export function createConfigRoutes(options: ConfigRoutesOptions): ConfigRoutes {
  const routeFor = (scope: RemoteScope): InboundRoute => ({
    limit: MESSAGE_LIMITS.config,
    handle: (bytes) => options.onConfigMessage(scope, bytes),
  });
  const fixed = new Map<string, InboundRoute>([
    [options.topics.kiosk, routeFor('kiosk')],
    [options.topics.fleet, routeFor('fleet')],
  ]);
  /** The config topics of the groups the kiosk belongs to now, with their scope. */
  const groupTopics = (): Map<string, 'store' | 'region'> => {
    const groups = options.groups?.() ?? NO_GROUPS;
    const found = new Map<string, 'store' | 'region'>();
    for (const kind of ['store', 'region'] as const) {
      const id = groups[kind];
      if (id !== null) found.set(groupConfigTopic(options.prefix, kind, id), kind);
    }
    return found;
  };
  return {
    topics: () => [options.topics.kiosk, options.topics.fleet, ...groupTopics().keys()],
    routeOf: (topic) => {
      const route = fixed.get(topic);
      if (route) return route;
      // Only the current groups' topics: a store the kiosk has left is a stranger's topic.
      const scope = groupTopics().get(topic);
      return scope === undefined ? undefined : routeFor(scope);
    },
  };
}
