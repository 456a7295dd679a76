/**
 * One test's fleet: a real Mosquitto (tests/support/mosquitto.ts) with a password per
 * kiosk and the operator, the console served by `npm run fleet -- --broker … --no-build`
 * itself (out/console, the demo catalogue at /api, the operator's credentials, the
 * enrolment public key and the shop service's address as presets), the shop service when a
 * test asks for it (shop-service.ts: its own process, serving the console to the counters),
 * and kiosks that run the kiosk's own fleet code (tools/simulator/simulated-kiosk.ts: the
 * real MQTT client, commands, health, remote config, enrolment and receipt signer, with a
 * pretend shop behind them), so the console is tested against what a kiosk really
 * publishes. Kiosks are enrolled (a certificate from the rig's enrolment key, retained for
 * the kiosk and posted to the shop service) unless a test enrols them itself.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { test as base, expect, type Page } from '@playwright/test';
import {
  createSimulatedKiosk,
  type SimulatedKiosk,
  type SimulatedKioskOptions,
} from '../../../../tools/simulator/simulated-kiosk';
import type { CertificateEnvelope } from '../../../../shared/fleet/trust/kiosk-certificate';
import type { Screen } from '../../../../shared/fleet/payloads';
import { parseKioskTopic } from '../../../../shared/fleet/topics';
import { certificateTopic } from '../../../../shared/fleet/trust/trust-topics';
import {
  certificateFields,
  makeEnrolmentKey,
  signCertificateWith,
  type EnrolmentKeyPair,
} from '../../../support/fixtures/kiosk-certificate';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../../support/mosquitto';
import {
  shopServicePort,
  STAFF_PASSWORD,
  startShopService,
  type ShopService,
} from './shop-service';

const ROOT = resolve(__dirname, '../../../..');
/** The kiosks the broker has passwords for (each may publish only under its own id). */
export const KIOSK_IDS = [
  'kiosk-a',
  'kiosk-b',
  'kiosk-c',
  ...Array.from({ length: 12 }, (_, i) => `store-${String(i + 1).padStart(2, '0')}`),
];
const PASSWORD = 'kiosk-secret';
/**
 * A second operator's login, for a second console open beside the first: a login holds one
 * session at a time (docs/fleet/broker.md), so two consoles need two.
 */
const SECOND_OPERATOR = { username: 'operator-2', password: 'operator-2-secret' };
/** How long a kiosk may take to be on the broker: generous, for a loaded 2-core machine. */
const ONLINE_WAIT_MS = 20_000;

export type RigKioskOptions = Pick<
  SimulatedKioskOptions,
  'version' | 'memoryMB' | 'screenshotPng' | 'configPublicKey' | 'store' | 'region' | 'asleep'
> & {
  /** Enrolled by the operator's certificate once online (default); false: it waits. */
  enrol?: boolean;
  /**
   * The groups its certificate names, where they are not those its status names (a kiosk
   * claiming another store); default: the same as `store` and `region`.
   */
  certified?: { store: string; region?: string };
};

/** A real kiosk of the test's fleet, and what a test does with it. */
export interface RigKiosk {
  id: string;
  /** Its receipt key, as its online status carries it. */
  publicKey: string;
  kiosk: SimulatedKiosk;
  /** The `KSR1.` code its main process signs for this receipt (its kiosk id added). */
  receiptCode(receipt: { r: string; t: number; i: [number, number][]; c: number }): string;
  /** Sends health now, after `change` set the pretend shop (printer, error, memory…). */
  reportHealth(change?: (app: SimulatedKiosk['app']) => void): Promise<void>;
  /** A crash: the socket drops without a word, so the broker publishes the Last Will. */
  kill(): void;
  /** A clean quit: it says offline itself. */
  stop(): Promise<void>;
  /**
   * Publishes a certificate for its key (as the operator; posted to the shop service too
   * once it runs), waits until it signs; its serial.
   */
  enrol(): Promise<string>;
  /** Waits until its enrolment has taken effect (a certificate approved in the console). */
  enrolled(): Promise<void>;
}

export interface FleetRig {
  broker: Mosquitto;
  /**
   * Starts the test's `simulatedKiosks` (sim-0001, …) with pretend shoppers coming and going
   * and health every 5 s, as `npm run fleet:simulate` does, and waits until the broker has
   * every one online with health.
   */
  fleet: () => Promise<SimulatedKiosk[]>;
  /** The console's origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  /**
   * Starts a kiosk with its own credentials (one of KIOSK_IDS) on a screen that stays put
   * (no pretend shoppers), and waits until the broker has its online status and health.
   */
  kiosk: (id: string, screen?: Screen, options?: RigKioskOptions) => Promise<RigKiosk>;
  /** Reads the retained message on a topic as the operator, or null. */
  retained: (topic: string) => Promise<string | null>;
  /** The operator's enrolment key; the console is served with its public half pinned. */
  enrolmentKey: EnrolmentKeyPair;
  /**
   * The shop service, started on first use (the console was told its address from the
   * start): every certificate the rig issued is posted to it. Its staff: shop-service.ts.
   */
  shop: () => Promise<ShopService>;
  /**
   * Starts another console logged in to the broker as a counter user (one of COUNTER_USERS,
   * which read and write almost nothing there) and gives its origin.
   */
  counterConsole: (user: (typeof COUNTER_USERS)[number]) => Promise<string>;
  /** A second operator's `npm run fleet`, with a login of its own. Its origin. */
  secondConsole: () => Promise<string>;
}

/** The broker's counter logins, as the sample ACL has them. */
const COUNTER_USERS = ['counter-1', 'counter-2'] as const;
const COUNTER_PASSWORD = 'counter-secret-for-tests';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * An operator's client that notes which kiosks the broker has announced online, with health.
 * On the tests' own listener, where client ids are free: on every listener of the sample a
 * client id is the user name, so it would take over the session of the console under test.
 */
async function watchBroker(broker: Mosquitto) {
  const watcher: MqttClient = await mqtt.connectAsync(broker.watchUrl, {
    ...broker.operator,
    reconnectPeriod: 0,
  });
  const online = new Set<string>();
  const reported = new Set<string>();
  /** Per kiosk id, what waits for it. */
  const waiters = new Map<string, Set<() => void>>();
  watcher.on('message', (topic, payload) => {
    const parsed = parseKioskTopic(broker.prefix, topic);
    if (!parsed) return;
    if (parsed.kind === 'status') {
      // Asleep (its store closed) is connected too.
      const text = payload.toString('utf8');
      if (text.includes('"state":"online"') || text.includes('"state":"asleep"')) {
        online.add(parsed.kioskId);
      } else online.delete(parsed.kioskId);
    }
    if (parsed.kind === 'health') reported.add(parsed.kioskId);
    for (const wake of [...(waiters.get(parsed.kioskId) ?? [])]) wake();
  });
  await watcher.subscribeAsync(
    [`${broker.prefix}/kiosks/+/status`, `${broker.prefix}/kiosks/+/health`],
    { qos: 1 },
  );
  return {
    /** Resolves once `id` is online with health on the broker; rejects after `ms`. */
    until(id: string, ms: number): Promise<void> {
      const ready = () => online.has(id) && reported.has(id);
      if (ready()) return Promise.resolve();
      const mine = waiters.get(id) ?? new Set<() => void>();
      waiters.set(id, mine);
      return new Promise((done, fail) => {
        const timer = setTimeout(() => {
          mine.delete(wake);
          fail(new Error(`${id} was not online with health on the broker within ${ms} ms`));
        }, ms);
        const wake = () => {
          if (!ready()) return;
          clearTimeout(timer);
          mine.delete(wake);
          done();
        };
        mine.add(wake);
      });
    },
    close: () => watcher.endAsync(true),
  };
}

/** sim-0001 … sim-NNNN: the accounts of a larger simulated fleet. */
export const simulatedIds = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `sim-${String(i + 1).padStart(4, '0')}`);

export const test = base.extend<{ rig: FleetRig; simulatedKiosks: number }>({
  /** How many sim-NNNN accounts the broker has, for rig.fleet() (`test.use` sets it). */
  simulatedKiosks: [0, { option: true }],
  rig: async ({ simulatedKiosks }, use) => {
    const enrolmentKey = makeEnrolmentKey();
    const broker = await startMosquitto({
      kiosks: Object.fromEntries(
        [...KIOSK_IDS, ...simulatedIds(simulatedKiosks)].map((id) => [id, PASSWORD]),
      ),
      counters: Object.fromEntries(COUNTER_USERS.map((user) => [user, COUNTER_PASSWORD])),
      operators: { [SECOND_OPERATOR.username]: SECOND_OPERATOR.password },
    });
    const shopPort = await shopServicePort();
    const fleet = await startFleetCommand([
      '--broker',
      broker.wsUrl,
      '--username',
      broker.operator.username,
      '--password',
      broker.operator.password,
      '--prefix',
      broker.prefix,
      // One argument: a base64url key may begin with "-".
      `--enrolment-key=${enrolmentKey.publicText}`,
      '--shop-service',
      `http://127.0.0.1:${shopPort}`,
    ]);
    const watcher = await watchBroker(broker);
    const kiosks: SimulatedKiosk[] = [];
    /** Every certificate the rig issued, for the shop service (posted as it starts). */
    const issued: CertificateEnvelope[] = [];
    const started: { shop: Promise<ShopService> | null } = { shop: null };
    const counterConsoles: { stop: () => Promise<void> }[] = [];
    await use({
      broker,
      origin: fleet.origin,
      async fleet() {
        const started = simulatedIds(simulatedKiosks).map((id) =>
          createSimulatedKiosk({
            brokerUrls: [broker.tcpUrl],
            kioskId: id,
            topicPrefix: broker.prefix,
            username: id,
            password: PASSWORD,
            healthSeconds: 5,
            keepaliveSeconds: 30,
            enrolmentPublicKey: enrolmentKey.publicText,
            log: quiet,
          }),
        );
        kiosks.push(...started);
        for (const kiosk of started) kiosk.start();
        // A thousand at once on a loaded machine: a minute is ample, and bounded.
        await Promise.all(started.map((kiosk) => watcher.until(kiosk.kioskId, 60_000)));
        return started;
      },
      async kiosk(id, screen = 'attract', { enrol = true, certified, ...options } = {}) {
        const signedGroups = certified ?? options;
        const kiosk = createSimulatedKiosk({
          ...options,
          ...(certified === undefined
            ? {}
            : { claimedGroups: { store: options.store ?? null, region: options.region ?? null } }),
          enrolmentPublicKey: enrolmentKey.publicText,
          brokerUrls: [broker.tcpUrl],
          kioskId: id,
          topicPrefix: broker.prefix,
          username: id,
          password: PASSWORD,
          screen,
          shoppers: false,
          // Health at connect and then when a test asks: no timer races a test's figures.
          healthSeconds: 3600,
          keepaliveSeconds: 30,
          log: quiet,
        });
        kiosks.push(kiosk);
        kiosk.start();
        await watcher.until(id, ONLINE_WAIT_MS);
        const enrolled = async () => {
          const deadline = Date.now() + ONLINE_WAIT_MS;
          while (!kiosk.enrolment.enrolled()) {
            if (Date.now() > deadline) throw new Error(`${id} was not enrolled in time`);
            await new Promise((done) => setTimeout(done, 50));
          }
        };
        const rigKiosk: RigKiosk = {
          id,
          publicKey: kiosk.publicKey,
          kiosk,
          receiptCode(receipt) {
            const code = kiosk.signReceipt(receipt);
            if (code === null) throw new Error(`${id} refused to sign ${JSON.stringify(receipt)}`);
            return code;
          },
          async reportHealth(change) {
            change?.(kiosk.app);
            await kiosk.client.publishHealth();
          },
          kill: () => kiosk.kill(),
          stop: () => kiosk.stop(),
          enrolled,
          async enrol() {
            const envelope = signCertificateWith(
              certificateFields({
                kioskId: id,
                publicKey: kiosk.publicKey,
                fleet: broker.prefix,
                // The operator signs the groups the kiosk is in: the console groups it by them.
                ...(signedGroups.store === undefined ? {} : { store: signedGroups.store }),
                ...(signedGroups.region === undefined ? {} : { region: signedGroups.region }),
                issuedAt: Date.now(),
                serial: randomBytes(16).toString('base64url'),
              }),
              enrolmentKey.privateKey,
            );
            await publishRetained(
              broker,
              certificateTopic(broker.prefix, id, envelope.certificate.serial),
              JSON.stringify(envelope),
            );
            issued.push(envelope);
            if (started.shop) await (await started.shop).postCertificate(envelope);
            await enrolled();
            return envelope.certificate.serial;
          },
        };
        if (enrol) await rigKiosk.enrol();
        return rigKiosk;
      },
      enrolmentKey,
      shop() {
        started.shop ??= startShopService(shopPort, {
          prefix: broker.prefix,
          enrolmentKey: enrolmentKey.publicText,
          allowOrigins: [fleet.origin],
        }).then(async (service) => {
          for (const envelope of issued) await service.postCertificate(envelope);
          return service;
        });
        return started.shop;
      },
      async counterConsole(user) {
        const counterConsole = await startFleetCommand([
          '--broker',
          broker.wsUrl,
          '--username',
          user,
          '--password',
          COUNTER_PASSWORD,
          '--prefix',
          broker.prefix,
          `--enrolment-key=${enrolmentKey.publicText}`,
        ]);
        counterConsoles.push(counterConsole);
        return counterConsole.origin;
      },
      async secondConsole() {
        const second = await startFleetCommand([
          '--broker',
          broker.wsUrl,
          '--username',
          SECOND_OPERATOR.username,
          '--password',
          SECOND_OPERATOR.password,
          '--prefix',
          broker.prefix,
          `--enrolment-key=${enrolmentKey.publicText}`,
        ]);
        counterConsoles.push(second);
        return second.origin;
      },
      async retained(topic) {
        const reader = await mqtt.connectAsync(broker.watchUrl, {
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
    // Crashes, not goodbyes: quicker, and nothing of this test is left to reconnect.
    for (const kiosk of kiosks) kiosk.kill();
    await watcher.close();
    await (await started.shop?.catch(() => null))?.dispose();
    for (const counterConsole of counterConsoles) await counterConsole.stop();
    await fleet.stop();
    await broker.dispose();
  },
});

/** Publishes a retained message as the operator. */
async function publishRetained(broker: Mosquitto, topic: string, payload: string): Promise<void> {
  const client = await mqtt.connectAsync(broker.watchUrl, {
    ...broker.operator,
    reconnectPeriod: 0,
  });
  try {
    await client.publishAsync(topic, payload, { qos: 1, retain: true });
  } finally {
    await client.endAsync();
  }
}

/** `npm run fleet` on a free port, stopped by its own PID. */
async function startFleetCommand(
  args: string[],
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const child = spawn(
    resolve(ROOT, 'node_modules/.bin/tsx'),
    ['scripts/fleet/fleet.ts', '--no-build', '--port', '0', ...args],
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
  view: 'kiosks' | 'enrolment' | 'counter' | 'rollouts' = 'kiosks',
  origin = rig.origin,
) {
  await page.goto(`${origin}/#/${view}`);
  await expect(
    page.getByRole('status').filter({ hasText: `Connected to ${rig.broker.wsUrl}` }),
  ).toBeVisible();
}

/**
 * Signs `page` in to the shop service as one of its staff (shop-service.ts), on the sign-in
 * card the counter or the enrolment view shows.
 */
export async function signIn(page: Page, username: string): Promise<void> {
  const card = page.getByRole('region', { name: 'Sign in to the shop service' });
  await card.getByLabel('Username').fill(username);
  await card.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await card.getByRole('button', { name: 'Sign in' }).click();
  // A password hash (scrypt) on a loaded machine takes a while.
  await expect(page.getByText(/^Signed in as/)).toBeVisible({ timeout: 30_000 });
}

/** A counter page served by the shop service itself, signed in as `username`. */
export async function openCounter(page: Page, rig: FleetRig, username: string): Promise<void> {
  const shop = await rig.shop();
  await page.goto(`${shop.origin}/#/counter`);
  await signIn(page, username);
}
