/** Builders of the MQTT messages a console receives, for the console's unit tests. */
import type { FleetMessage } from '../fleet/read-message';

export const PREFIX = 'kiosk-shop';
export const KEY_A = 'A'.repeat(43);

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
  message(`kiosks/${id}/status`, { state: 'online', version: '0.1.0', startedAt, publicKey });

export const offline = (id: string, options?: { retained?: boolean; receivedAt?: number }) =>
  message(`kiosks/${id}/status`, { state: 'offline' }, options);

export function health(id: string, overrides: Record<string, unknown> = {}, receivedAt = 2_000) {
  return message(
    `kiosks/${id}/health`,
    {
      at: '2026-11-23T10:05:00.000Z',
      version: '0.1.0',
      electron: '45.4.1',
      chrome: '140.0.0.0',
      uptimeSeconds: 300,
      screen: 'attract',
      idleWipes: 1,
      receipts: 2,
      memory: { mainMB: 100, rendererMB: 200 },
      imageCache: { bytes: 2048, files: 2 },
      catalogue: { source: 'embedded', products: 24, ageMinutes: 35 },
      printer: { available: true },
      staffPin: { failedToday: 0 },
      gpuFallback: false,
      lastError: null,
      update: null,
      config: { version: null, refusals: [] },
      pendingRelaunch: [],
      ...overrides,
    },
    { receivedAt },
  );
}
