/**
 * The fleet's transport rule: plain MQTT only to this machine. Loopback is localhost,
 * 127.0.0.0/8 and ::1, and nothing that only looks like it.
 */
import { describe, expect, it } from 'vitest';
import {
  isLoopbackHost,
  isPlainOffMachine,
  isPlainTransport,
} from '../../../shared/fleet/plain-transport';

describe('the plain transport rule', () => {
  it('knows loopback hosts: localhost, 127.0.0.0/8 and ::1, nothing else', () => {
    for (const host of ['localhost', '127.0.0.1', '127.8.9.10', '[::1]', '::1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '10.0.0.5',
      '0.0.0.0',
      'broker.local',
      '127.0.0.1.nip.io',
      '[::ffff:7f00:1]',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('refuses mqtt:// and ws:// to another machine, never TLS, never loopback', () => {
    const off = (text: string) => isPlainOffMachine(new URL(text));
    expect(off('mqtt://broker.shop.example:1883')).toBe(true);
    expect(off('ws://10.0.0.5:9001')).toBe(true);
    expect(off('mqtt://127.0.0.1:1883')).toBe(false);
    expect(off('ws://[::1]:9001')).toBe(false);
    expect(off('mqtts://broker.shop.example:8883')).toBe(false);
    expect(off('wss://broker.shop.example:8884')).toBe(false);
    expect(isPlainTransport(new URL('mqtt://x'))).toBe(true);
    expect(isPlainTransport(new URL('wss://x'))).toBe(false);
  });
});
