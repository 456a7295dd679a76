/**
 * A real 3-node nats-server cluster for the fleet tests, in the same shape as
 * tests/support/mosquitto.ts, so a fleet test runs against either (tests/support/fleet-brokers.ts).
 * The nodes, users and permissions are tools/cluster/nats-cluster.ts's, as
 * `npm run fleet:cluster` starts them: one user per kiosk (username = kiosk id) writing only
 * under its own id, counters reading certificates and revocations, the operator seeing everything.
 *
 * `tcpUrl` is node 1's MQTT listener and `wsUrl` node 2's WebSockets listener, so a kiosk
 * and the tests' operator talk through different nodes and every message crosses the
 * cluster. Each test file starts its own cluster and stops its nodes by their own PIDs.
 */
import {
  natsServerUnavailable,
  startNatsCluster,
  type NatsCluster,
} from '../../tools/cluster/nats-cluster';
import { DEFAULT_TOPIC_PREFIX } from '../../shared/fleet/topics';
import type { Credentials, Mosquitto, MosquittoOptions } from './mosquitto';

/** What a fleet test needs of a broker, whichever it is. */
export type FleetBroker = Pick<
  Mosquitto,
  | 'tcpUrl'
  | 'wsUrl'
  | 'watchUrl'
  | 'operator'
  | 'prefix'
  | 'dir'
  | 'log'
  | 'stop'
  | 'restart'
  | 'dispose'
> &
  Partial<Pick<Mosquitto, 'caFile'>>;

export interface NatsClusterBroker extends FleetBroker {
  cluster: NatsCluster;
  /** Every node's MQTT URL (fleet.brokerUrls). */
  tcpUrls: readonly string[];
  wsUrls: readonly string[];
  /** The will keeper's login (services/will-keeper/will-keeper.ts). */
  keeper: Credentials;
}

export { natsServerUnavailable };

export async function startNatsClusterBroker(
  options: Omit<MosquittoOptions, 'tls'> = {},
): Promise<NatsClusterBroker> {
  const prefix = options.prefix ?? DEFAULT_TOPIC_PREFIX;
  const operator: Credentials = options.operator ?? {
    username: 'operator',
    password: 'operator-secret',
  };
  const keeper: Credentials = { username: 'will-keeper', password: 'keeper-secret' };
  const logins = {
    prefix,
    operator,
    counters: options.counters ?? {},
    kiosks: options.kiosks ?? {},
    keeper,
  };
  const cluster = await startNatsCluster({ logins });
  const [one, two] = cluster.nodes;
  if (!one || !two) throw new Error('a cluster of fewer than two nodes');
  const broker: NatsClusterBroker = {
    cluster,
    tcpUrl: one.mqttUrl,
    wsUrl: two.wsUrl,
    // NATS binds no client id to its login: the tests' watchers use the console's node.
    watchUrl: two.wsUrl,
    tcpUrls: cluster.mqttUrls,
    wsUrls: cluster.wsUrls,
    keeper,
    operator,
    prefix,
    dir: cluster.dir,
    log: () =>
      cluster.nodes.map((node) => `--- ${node.name}\n${node.log().slice(-3000)}`).join('\n'),
    stop: () => cluster.stop(),
    restart: async () => {
      await cluster.stop();
      // All nodes together: JetStream's replicas need a quorum to come back.
      await Promise.all(cluster.nodes.map((node) => node.start()));
    },
    dispose: () => cluster.dispose(),
  };
  return broker;
}
