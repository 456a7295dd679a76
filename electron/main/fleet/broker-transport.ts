/**
 * Whether a kiosk may use the broker URL it was given, over the transport it names. Two
 * rules, both failing closed (the kiosk stays off the fleet rather than connect with less):
 *
 * - A TLS setting (fleet.ca, fleet.cert, fleet.key) with a plain URL (mqtt://, ws://) is
 *   refused: whoever set a CA meant the connection to be checked against it, and a plain
 *   URL would silently ignore it.
 * - An installed kiosk never sends its login, nor takes commands and signed configs, in
 *   the clear across a network: plain MQTT only to this machine (localhost, 127.x.x.x,
 *   ::1). An unpackaged kiosk (a developer's, or a demo on one laptop) may use it anywhere.
 */
import type { KioskConfig } from '../config/config-keys';
import { fleetBrokerUrls, type BrokerUrlSettings } from './broker-urls';

const PLAIN = new Set(['mqtt:', 'ws:']);
const TLS_KEYS = ['fleet.ca', 'fleet.cert', 'fleet.key'] as const;

/** localhost, 127.0.0.0/8 or ::1 (as URL.hostname writes it, with or without brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export type BrokerTransportSettings = BrokerUrlSettings &
  Pick<KioskConfig, 'fleet.ca' | 'fleet.cert' | 'fleet.key'>;

/**
 * Why the kiosk must not connect to its brokers this way, or null when it may: every
 * broker of a list is held to the rules, so a failover never lands on a weaker transport.
 */
export function brokerTransportRefusal(
  config: BrokerTransportSettings,
  packaged: boolean,
): string | null {
  const listed = (config['fleet.brokerUrls'] ?? []).length > 0;
  for (const brokerUrl of fleetBrokerUrls(config)) {
    const refusal = refusalOf(
      brokerUrl,
      listed ? `fleet.brokerUrls entry ${brokerUrl}` : 'fleet.brokerUrl',
      config,
      packaged,
    );
    if (refusal !== null) return refusal;
  }
  return null;
}

function refusalOf(
  brokerUrl: string,
  name: string,
  config: BrokerTransportSettings,
  packaged: boolean,
): string | null {
  let url: URL;
  try {
    url = new URL(brokerUrl);
  } catch {
    return `${name} is not a URL`;
  }
  if (!PLAIN.has(url.protocol)) return null;
  const scheme = url.protocol.replace(':', '://');
  const tls = TLS_KEYS.filter((key) => config[key] !== '');
  if (tls.length > 0) {
    return `${tls.join(', ')} ${tls.length === 1 ? 'is' : 'are'} set but ${name} is ${scheme}, which is not TLS: use mqtts:// or wss://, or remove ${tls.length === 1 ? 'it' : 'them'}`;
  }
  if (packaged && !isLoopbackHost(url.hostname)) {
    return `an installed kiosk does not use plain ${scheme} to ${url.hostname}, another machine: use mqtts:// or wss:// (plain MQTT only to this machine)`;
  }
  return null;
}
