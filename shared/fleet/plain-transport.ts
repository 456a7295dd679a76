/**
 * The fleet's transport rule, for every client that logs in to a broker from a machine of
 * its own (an installed kiosk, the exporter): plain MQTT (`mqtt://`, `ws://`) only to this
 * machine, TLS (`mqtts://`, `wss://`) to any other, so a login and what it reads never cross
 * a network in the clear.
 */

const PLAIN = new Set(['mqtt:', 'ws:']);

/** localhost, 127.0.0.0/8 or ::1 (as URL.hostname writes it, with or without brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Whether a URL names a plain MQTT transport (`mqtt://`, `ws://`). */
export function isPlainTransport(url: URL): boolean {
  return PLAIN.has(url.protocol);
}

/** Plain to another machine: what the rule refuses. */
export function isPlainOffMachine(url: URL): boolean {
  return isPlainTransport(url) && !isLoopbackHost(url.hostname);
}
