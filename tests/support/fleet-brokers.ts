/**
 * The brokers the fleet's integration tests run against: the single Mosquitto a shop runs
 * (tests/support/mosquitto.ts) and the 3-node NATS cluster a chain runs
 * (tests/support/nats-cluster.ts). A test file names its suite once per broker with
 * `describe.each(fleetBrokers())`; a broker that is not installed is left out with its
 * reason printed.
 */
import { mosquittoUnavailable, startMosquitto, type MosquittoOptions } from './mosquitto';
import { natsServerUnavailable, startNatsClusterBroker, type FleetBroker } from './nats-cluster';

export type BrokerKind = 'mosquitto' | 'nats-cluster';
export type { FleetBroker };

const ALL: readonly BrokerKind[] = ['mosquitto', 'nats-cluster'];

/**
 * Each test of a suite on a real broker: its observer waits up to 10 s for one message, and a
 * loaded two-core machine running a three-node cluster can take several seconds to subscribe,
 * so vitest's 5 s default would fail a test that is only slow.
 */
export const BROKER_SUITE = { timeout: 30_000 } as const;

export function brokerUnavailable(kind: BrokerKind): string | null {
  return kind === 'mosquitto' ? mosquittoUnavailable() : natsServerUnavailable();
}

/** The brokers installed here, each reason for one that is not printed once. */
export function fleetBrokers(): BrokerKind[] {
  return ALL.filter((kind) => {
    const reason = brokerUnavailable(kind);
    if (reason) console.log(`[fleet tests on ${kind}] skipped: ${reason}`);
    return reason === null;
  });
}

export function startFleetBroker(
  kind: BrokerKind,
  options: Omit<MosquittoOptions, 'tls'> = {},
): Promise<FleetBroker> {
  return kind === 'mosquitto' ? startMosquitto(options) : startNatsClusterBroker(options);
}
