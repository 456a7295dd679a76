/**
 * The fleet console's Content-Security-Policy (a <meta> tag in its index.html and a header
 * from `npm run fleet`). Scripts only from the console itself. The operator names the
 * broker (ws:/wss:) and the catalogue (http:/https:) at run time, so connect-src cannot list
 * them in advance; screenshots are shown as data: URLs. MQTT.js runs its keepalive timer
 * in a worker made from a blob: (a hidden tab's own timers are throttled to once a minute,
 * which would let the broker drop the console).
 */
export function buildConsoleContentSecurityPolicy(): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self' ws: wss: http: https:",
    "worker-src 'self' blob:",
    "font-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}
