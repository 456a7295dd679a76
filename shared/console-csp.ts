/**
 * The fleet console's Content-Security-Policy (a <meta> tag in each of its pages and a
 * header from `npm run fleet` and the shop service). Scripts only from the console itself.
 * The operator names the broker (ws:/wss:) and the catalogue (http:/https:) at run time, so
 * connect-src cannot list them in advance; screenshots are shown as data: URLs. MQTT.js runs
 * its keepalive timer in a worker made from a blob: (a hidden tab's own timers are throttled
 * to once a minute, which would let the broker drop the console).
 *
 * An order's lines show the product's picture (the pick screen, the counter): the service's
 * own drawings, or a catalogue's https images, on hosts no one lists in advance; never plain
 * http. The staff's screens served beside the console (`staff-screen`: the pick screen, the
 * board, the settings) show no screenshots, so they take no data: image either.
 */
export type ConsolePage = 'console' | 'staff-screen';

export function buildConsoleContentSecurityPolicy(page: ConsolePage = 'console'): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    page === 'console' ? "img-src 'self' data: https:" : "img-src 'self' https:",
    "connect-src 'self' ws: wss: http: https:",
    "worker-src 'self' blob:",
    "font-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}
