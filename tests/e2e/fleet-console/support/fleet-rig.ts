/**
 * One test's fleet: a real Mosquitto (tests/support/mosquitto.ts) with a password per
 * kiosk and the operator, the console served by `npm run fleet -- --broker … --no-build`
 * itself (out/console, the demo catalogue at /api, the operator's credentials as presets),
 * and kiosks that speak the contract over raw MQTT clients.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import mqtt from 'mqtt';
import { test as base, expect, type Page } from '@playwright/test';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../../support/mosquitto';
import {
  startContractKiosk,
  type ContractKiosk,
  type ContractKioskOptions,
} from './contract-kiosk';

const ROOT = resolve(__dirname, '../../../..');
/** The kiosks the broker has passwords for (each may publish only under its own id). */
export const KIOSK_IDS = [
  'kiosk-a',
  'kiosk-b',
  'kiosk-c',
  ...Array.from({ length: 12 }, (_, i) => `store-${String(i + 1).padStart(2, '0')}`),
];
const PASSWORD = 'kiosk-secret';

export interface FleetRig {
  broker: Mosquitto;
  /** The console's origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Starts a kiosk with its own credentials (one of KIOSK_IDS). */
  kiosk: (
    id: string,
    screen?: 'attract' | 'shopping' | 'receipt',
    options?: Pick<ContractKioskOptions, 'version' | 'memoryMB' | 'screenshotPng'>,
  ) => Promise<ContractKiosk>;
  /** Reads the retained message on a topic as the operator, or null. */
  retained: (topic: string) => Promise<string | null>;
}

export const test = base.extend<{ rig: FleetRig }>({
  // Playwright wants an object pattern here; browserName is one no test here minds.
  rig: async ({ browserName: _browserName }, use) => {
    const broker = await startMosquitto({
      kiosks: Object.fromEntries(KIOSK_IDS.map((id) => [id, PASSWORD])),
    });
    const fleet = await startFleetCommand([
      '--broker',
      broker.wsUrl,
      '--username',
      broker.operator.username,
      '--password',
      broker.operator.password,
      '--prefix',
      broker.prefix,
    ]);
    const kiosks: ContractKiosk[] = [];
    await use({
      broker,
      origin: fleet.origin,
      async kiosk(id, screen = 'attract', options = {}) {
        const kiosk = await startContractKiosk({
          ...options,
          brokerUrl: broker.tcpUrl,
          id,
          password: PASSWORD,
          prefix: broker.prefix,
          screen,
        });
        kiosks.push(kiosk);
        return kiosk;
      },
      async retained(topic) {
        const reader = await mqtt.connectAsync(broker.tcpUrl, {
          ...broker.operator,
          reconnectPeriod: 0,
        });
        try {
          return await new Promise<string | null>((done) => {
            const timer = setTimeout(() => done(null), 2000);
            reader.on('message', (_topic, payload, packet) => {
              if (!packet.retain) return;
              clearTimeout(timer);
              done(payload.toString('utf8'));
            });
            void reader.subscribeAsync(topic, { qos: 1 });
          });
        } finally {
          await reader.endAsync(true);
        }
      },
    });
    for (const kiosk of kiosks) kiosk.client.end(true);
    await fleet.stop();
    await broker.dispose();
  },
});

/** `npm run fleet` on a free port, stopped by its own PID. */
async function startFleetCommand(
  args: string[],
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const child = spawn(
    resolve(ROOT, 'node_modules/.bin/tsx'),
    ['scripts/fleet.ts', '--no-build', '--port', '0', ...args],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const origin = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`npm run fleet did not start:\n${output}`)),
      30_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /Fleet console: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        done(found[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', () => fail(new Error(`npm run fleet exited:\n${output}`)));
  });
  return {
    origin,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Skips the file where Debian's mosquitto is missing (CI installs it). */
export function requireMosquitto(): void {
  const reason = mosquittoUnavailable();
  // A real broker or nothing: the test says why it did not run rather than fake one.
  test.skip(reason !== null, reason ?? '');
}

export { expect };

/** The console's row of a kiosk in the kiosk table. */
export const kioskRow = (page: Page, id: string) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name: id, exact: true }) });

export async function openConsole(
  page: Page,
  rig: FleetRig,
  view: 'kiosks' | 'counter' = 'kiosks',
) {
  await page.goto(`${rig.origin}/#/${view}`);
  await expect(
    page.getByRole('status').filter({ hasText: `Connected to ${rig.broker.wsUrl}` }),
  ).toBeVisible();
}
