/**
 * The brokers this kiosk may connect to, decided before any file is read or socket opened:
 * a TLS setting with a plain URL, or plain MQTT off this machine on an installed kiosk,
 * refuses that broker (broker-transport.ts); a TLS file that cannot be read (or is no PEM)
 * refuses every broker left, for the same reason: the kiosk stays off rather than connect
 * with less than its owner configured. Each refusal is logged and kept until health has
 * named it (broker-refusals.ts): the first run that reaches the fleet, this one or a later
 * start, reports it.
 */
import type { FleetTls } from '../../../fleet-agent/fleet-client';
import {
  fileBrokerRefusalStore,
  keepBrokerRefusals,
  memoryBrokerRefusalStore,
  type BrokerRefusals,
} from '../../../fleet-agent/connection/broker-refusals';
import { checkBrokerTransport } from '../../../fleet-agent/connection/broker-transport';
import { fleetBrokerUrls } from '../../../fleet-agent/connection/broker-urls';
import { readTlsFiles } from '../../../fleet-agent/connection/tls-files';
import type { KioskConfig } from '../../../shared/kiosk-config/config-keys';
import type { Logger } from '../logging/logging';

export interface ConnectableBrokers {
  usable: string[];
  tls: FleetTls;
  refusals: BrokerRefusals;
}

export interface BrokerCheckOptions {
  /** An installed kiosk (app.isPackaged): plain MQTT only to this machine. */
  packaged: boolean;
  /** Where refusals wait to be reported; null: in memory only. */
  userDataDir: string | null;
  now: () => number;
  readFile?: (path: string) => Buffer;
  log: Logger;
}

/** The brokers to connect to, with their TLS; null when the kiosk stays off the fleet. */
export function connectableBrokers(
  config: KioskConfig,
  hasRemote: boolean,
  options: BrokerCheckOptions,
): ConnectableBrokers | null {
  const { log } = options;
  if (fleetBrokerUrls(config).length === 0 || !hasRemote) {
    log.info('Fleet: no broker configured (fleet.brokerUrl, fleet.brokerUrls); not connecting');
    return null;
  }
  const transport = checkBrokerTransport(config, options.packaged);
  const others = transport.usable.length > 0 ? '; connecting to the other brokers' : '';
  for (const { brokerUrl, reason } of transport.refused) {
    log.error(`Fleet: not connecting to ${brokerUrl} (${transport.setting}): ${reason}${others}`);
  }
  const tls = transport.usable.length > 0 ? readTlsFiles(config, options.readFile) : null;
  if (tls && !tls.ok) log.error(`Fleet: not connecting: ${tls.reason}`);
  const refusals = keepBrokerRefusals(
    options.userDataDir
      ? fileBrokerRefusalStore(options.userDataDir, log)
      : memoryBrokerRefusalStore(),
    tls && !tls.ok
      ? [
          ...transport.refused,
          ...transport.usable.map((brokerUrl) => ({ brokerUrl, reason: tls.reason })),
        ]
      : transport.refused,
    options.now(),
    log,
  );
  if (!tls?.ok) return null;
  return { usable: transport.usable, tls: tls.tls, refusals };
}
