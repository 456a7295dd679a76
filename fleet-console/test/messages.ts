/**
 * Builders of the MQTT messages a console receives, for the console's unit tests; the
 * payloads are the samples every fleet test shares (tests/support/fixtures/).
 */
import { SAMPLE_HEALTH } from '../../tests/support/fixtures/kiosk-health';
import {
  OFFLINE,
  onlineStatus,
  SAMPLE_PUBLIC_KEY,
} from '../../tests/support/fixtures/kiosk-status';
import type { FleetMessage } from '../protocol/read-message';

export const PREFIX = 'kiosk-shop';
export const KEY_A = SAMPLE_PUBLIC_KEY;

const encoder = new TextEncoder();

export function message(
  topic: string,
  payload: unknown,
  { retained = false, receivedAt = 1_000 }: { retained?: boolean; receivedAt?: number } = {},
): FleetMessage {
  const bytes =
    payload instanceof Uint8Array
      ? payload
      : encoder.encode(typeof payload === 'string' ? payload : JSON.stringify(payload));
  return { topic: `${PREFIX}/${topic}`, payload: bytes, retained, receivedAt };
}

export const online = (id: string, startedAt = '2026-11-23T10:00:00.000Z', publicKey = KEY_A) =>
  message(`kiosks/${id}/status`, onlineStatus({ startedAt, publicKey }));

export const offline = (id: string, options?: { retained?: boolean; receivedAt?: number }) =>
  message(`kiosks/${id}/status`, OFFLINE, options);

export function health(id: string, overrides: Record<string, unknown> = {}, receivedAt = 2_000) {
  return message(`kiosks/${id}/health`, { ...SAMPLE_HEALTH, ...overrides }, { receivedAt });
}
