/**
 * Which of its brokers a kiosk may use, over the transport each URL names. Two rules, both
 * failing closed (a broker refused is never tried: the kiosk stays off the fleet rather
 * than connect with less):
 *
 * - A TLS setting (fleet.ca, fleet.cert, fleet.key) with a plain URL (mqtt://, ws://) is
 *   refused: whoever set a CA meant the connection to be checked against it, and a plain
 *   URL would silently ignore it.
 * - An installed kiosk never sends its login, nor takes commands and signed configs, in
 *   the clear across a network: plain MQTT only to this machine (localhost, 127.x.x.x,
 *   ::1). An unpackaged kiosk (a developer's, or a demo on one laptop) may use it anywhere.
 *
 * Every broker of fleet.brokerUrls is held to the rules on its own: a refused one is left
 * out of the list, so a failover never lands on a weaker transport, and the kiosk uses the
 * others. Health names what was refused (broker-refusals.ts).
 */
import { isPlainOffMachine, isPlainTransport } from '../../shared/fleet/plain-transport';
import type { FleetSettings } from '../fleet-settings';
import { fleetBrokerUrls, type BrokerUrlSettings } from './broker-urls';

const TLS_KEYS = ['fleet.ca', 'fleet.cert', 'fleet.key'] as const;

export type BrokerTransportSettings = BrokerUrlSettings &
  Pick<FleetSettings, 'fleet.ca' | 'fleet.cert' | 'fleet.key'>;

/** A broker the kiosk will not use, and why (a sentence that does not repeat the URL). */
export interface RefusedBroker {
  brokerUrl: string;
  reason: string;
}

export interface BrokerTransportCheck {
  /** The brokers the kiosk may use, in the order configured; empty: it stays off the fleet. */
  usable: string[];
  refused: RefusedBroker[];
  /** How a log line names a broker's setting: `fleet.brokerUrl` or `fleet.brokerUrls entry`. */
  setting: string;
}

export function checkBrokerTransport(
  config: BrokerTransportSettings,
  packaged: boolean,
): BrokerTransportCheck {
  const usable: string[] = [];
  const refused: RefusedBroker[] = [];
  for (const brokerUrl of fleetBrokerUrls(config)) {
    const reason = refusalOf(brokerUrl, config, packaged);
    if (reason === null) usable.push(brokerUrl);
    else refused.push({ brokerUrl, reason });
  }
  const listed = (config['fleet.brokerUrls'] ?? []).length > 0;
  return { usable, refused, setting: listed ? 'fleet.brokerUrls entry' : 'fleet.brokerUrl' };
}

function refusalOf(
  brokerUrl: string,
  config: BrokerTransportSettings,
  packaged: boolean,
): string | null {
  let url: URL;
  try {
    url = new URL(brokerUrl);
  } catch {
    return 'it is not a URL';
  }
  if (!isPlainTransport(url)) return null;
  const scheme = url.protocol.replace(':', '://');
  const tls = TLS_KEYS.filter((key) => config[key] !== '');
  if (tls.length > 0) {
    return `${tls.join(', ')} ${tls.length === 1 ? 'is' : 'are'} set but ${scheme} is not TLS: use mqtts:// or wss://, or remove ${tls.length === 1 ? 'it' : 'them'}`;
  }
  if (packaged && isPlainOffMachine(url)) {
    return `an installed kiosk does not use plain ${scheme} to another machine: use mqtts:// or wss:// (plain MQTT only to this machine)`;
  }
  return null;
}
