/**
 * The kiosk's transport rule, for the service: plain HTTP only on loopback; anything that
 * listens off the machine speaks TLS, or the service does not start.
 */
import { isIP } from 'node:net';

export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === '::1' || host === '[::1]') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** Why the service may not listen on `host` this way, in one line; null when it may. */
export function transportRefusal(host: string, tls: boolean): string | null {
  if (tls || isLoopbackHost(host)) return null;
  return `refusing to listen on ${host} without TLS: plain HTTP is for loopback only (127.0.0.1, ::1); give --tls-cert and --tls-key`;
}
