/**
 * One simulated kiosk for `npm run fleet:simulate`: the real fleet client
 * (electron/main/fleet/fleet-client.ts) with a pretend shop behind it. Shoppers come and
 * go (attract → shopping → receipt → attract), receipts and idle wipes are counted, memory
 * drifts, and disruptive commands wait for the attract screen, as on a real kiosk. Its
 * receipt key is a real Ed25519 key, so its status looks like a real one.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createFleetClient, type FleetClient } from '../../electron/main/fleet/fleet-client';
import { rawPublicKey } from '../../electron/main/fleet/ed25519';
import type { Logger } from '../../electron/main/logging';
import type { KioskHealth } from '../../shared/fleet/payloads';

type Screen = KioskHealth['screen'];

/** A 1×1 white PNG: what a simulated attract screen looks like. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

export interface SimulatedKioskOptions {
  brokerUrl: string;
  kioskId: string;
  topicPrefix: string;
  username?: string;
  password?: string;
  healthSeconds: number;
  keepaliveSeconds: number;
  log: Logger;
  random?: () => number;
}

export interface SimulatedKiosk {
  readonly client: FleetClient;
  /** Counts of what the fleet asked for, for the summary. */
  readonly carriedOut: Record<'reload-config' | 'refresh-catalogue' | 'relaunch', number>;
  start(): void;
  stop(): Promise<void>;
}

const VERSION = '0.1.0';

export function createSimulatedKiosk(options: SimulatedKioskOptions): SimulatedKiosk {
  const random = options.random ?? Math.random;
  const startedAt = new Date();
  const publicKey = rawPublicKey(generateKeyPairSync('ed25519').privateKey);
  let screen: Screen = 'attract';
  let receipts = 0;
  let idleWipes = 0;
  let mainMB = 90 + random() * 40;
  let rendererMB = 150 + random() * 80;
  let shopperTimer: NodeJS.Timeout | null = null;
  const waiters = new Set<() => void>();
  const carriedOut = { 'reload-config': 0, 'refresh-catalogue': 0, relaunch: 0 };

  const setScreen = (next: Screen): void => {
    screen = next;
    if (next === 'attract') for (const wake of [...waiters]) wake();
  };

  // A shopper arrives every few seconds, shops, then buys (a receipt) or walks away (a wipe).
  const step = (): void => {
    if (screen === 'attract') setScreen('shopping');
    else if (screen === 'shopping') {
      if (random() < 0.6) {
        setScreen('receipt');
        receipts += 1;
      } else {
        idleWipes += 1;
        setScreen('attract');
      }
    } else setScreen('attract');
    mainMB = Math.min(900, Math.max(60, mainMB + (random() - 0.45) * 4));
    rendererMB = Math.min(1500, Math.max(100, rendererMB + (random() - 0.45) * 8));
    shopperTimer = setTimeout(step, 500 + random() * 2500);
  };

  const client = createFleetClient({
    brokerUrl: options.brokerUrl,
    kioskId: options.kioskId,
    topicPrefix: options.topicPrefix,
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
    keepaliveSeconds: options.keepaliveSeconds,
    healthSeconds: options.healthSeconds,
    status: () => ({
      state: 'online',
      version: VERSION,
      startedAt: startedAt.toISOString(),
      publicKey,
    }),
    health: () =>
      Promise.resolve({
        at: new Date().toISOString(),
        version: VERSION,
        electron: '45.4.1',
        chrome: '140.0.7339.249',
        uptimeSeconds: Math.floor((Date.now() - startedAt.getTime()) / 1000),
        screen,
        idleWipes,
        receipts,
        memory: {
          mainMB: Math.round(mainMB * 10) / 10,
          rendererMB: Math.round(rendererMB * 10) / 10,
        },
        imageCache: { bytes: 1_234_567, files: 20 },
        catalogue: { source: 'embedded', products: 20, ageMinutes: 0 },
        printer: { available: true },
        staffPin: { failedToday: 0 },
        gpuFallback: false,
        lastError: null,
        update: null,
        config: { version: null, refusals: [] },
      }),
    actions: {
      whenSafe: (signal) =>
        new Promise<void>((resolve, reject) => {
          if (screen === 'attract') {
            resolve();
            return;
          }
          const wake = (): void => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          signal.addEventListener('abort', () => {
            waiters.delete(wake);
            reject(new Error('stopped'));
          });
        }),
      isAttractScreen: () => screen === 'attract',
      reloadConfig: () => {
        carriedOut['reload-config'] += 1;
        return Promise.resolve();
      },
      refreshCatalogue: () => {
        carriedOut['refresh-catalogue'] += 1;
        return Promise.resolve();
      },
      relaunch: () => {
        // A simulated relaunch: the shop starts again on the attract screen.
        carriedOut.relaunch += 1;
        setScreen('attract');
      },
      captureScreenshot: () => Promise.resolve(new Uint8Array(TINY_PNG)),
    },
    onConfigMessage: () => undefined,
    log: options.log,
    random,
  });

  return {
    client,
    carriedOut,
    start: () => {
      client.start();
      shopperTimer = setTimeout(step, random() * 3000);
    },
    stop: async () => {
      if (shopperTimer) clearTimeout(shopperTimer);
      shopperTimer = null;
      await client.stop();
    },
  };
}

/** Only a broker on this machine: the simulator must never load someone else's broker. */
export function isLoopbackBroker(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(parsed.protocol)) return false;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
