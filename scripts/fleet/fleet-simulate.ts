/**
 * npm run fleet:simulate -- --broker URL --kiosks N --seconds S — runs N kiosks, each on
 * the real fleet client with a pretend shop behind it (screens, receipts, memory), against
 * a broker on this machine only, for S seconds; then each publishes offline and quits.
 *
 *   --broker mqtt://127.0.0.1:1883   loopback only (localhost, 127.x.x.x, ::1); a comma-
 *                                    separated list is a cluster (as fleet.brokerUrls):
 *                                    each kiosk picks one at random, moves on at a loss
 *   --kiosks 5 --seconds 30          1–5000 kiosks, 1–3600 seconds
 *   --prefix kiosk-shop              topic prefix
 *   --id-prefix sim                  kiosk ids sim-0001, sim-0002, …
 *   --username U --password P        one login for all, or
 *   --per-kiosk --password 'pw-{id}' username = kiosk id, password with {id} filled in
 *   --health-seconds 5 --keepalive-seconds 30
 *   --config-public-key KEY          fleet.configPublicKey: signed remote configs apply
 *   --enrolment-public-key KEY       fleet.enrolmentPublicKey: the console's approvals enrol
 *
 * Each kiosk is tools/simulator/simulated-kiosk.ts: the kiosk's own fleet client,
 * commands, health, remote config and receipt signer, with a pretend shop behind them.
 */
import { parseArgs } from 'node:util';
import { MAX_BROKER_URLS, splitBrokerList } from '../../shared/fleet/broker-choice';
import { isValidKioskId, isValidTopicPrefix } from '../../shared/fleet/topics';
import { parseCount } from '../../shared/count-flag';
import {
  createSimulatedKiosk,
  isLoopbackBroker,
  type SimulatedKiosk,
} from '../../tools/simulator/simulated-kiosk';

function bounded(
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
  fallback: number,
): number {
  const value = parseCount(name, raw, min) ?? fallback;
  if (value > max) throw new Error(`--${name} must be at most ${max}, got ${value}`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      broker: { type: 'string' },
      kiosks: { type: 'string' },
      seconds: { type: 'string' },
      prefix: { type: 'string', default: 'kiosk-shop' },
      'id-prefix': { type: 'string', default: 'sim' },
      username: { type: 'string' },
      password: { type: 'string' },
      'per-kiosk': { type: 'boolean', default: false },
      'health-seconds': { type: 'string' },
      'keepalive-seconds': { type: 'string' },
      'config-public-key': { type: 'string', default: '' },
      'enrolment-public-key': { type: 'string', default: '' },
    },
  });
  const brokers = splitBrokerList(values.broker ?? '');
  const stranger = brokers.find((url) => !isLoopbackBroker(url));
  if (brokers.length === 0 || stranger !== undefined) {
    throw new Error(
      `--broker must be mqtt://, mqtts://, ws:// or wss:// URLs on this machine (127.0.0.1, ::1 or localhost), comma-separated, got "${stranger ?? ''}"`,
    );
  }
  if (brokers.length > MAX_BROKER_URLS || new Set(brokers).size !== brokers.length) {
    throw new Error(`--broker must name 1 to ${MAX_BROKER_URLS} different brokers`);
  }
  const broker = brokers.join(', ');
  const kiosks = bounded('kiosks', values.kiosks, 1, 5000, 5);
  const seconds = bounded('seconds', values.seconds, 1, 3600, 30);
  const healthSeconds = bounded('health-seconds', values['health-seconds'], 1, 3600, 5);
  const keepaliveSeconds = bounded('keepalive-seconds', values['keepalive-seconds'], 5, 600, 30);
  if (!isValidTopicPrefix(values.prefix)) throw new Error('--prefix is not a valid topic prefix');
  const width = String(kiosks).length < 4 ? 4 : String(kiosks).length;
  const ids = Array.from(
    { length: kiosks },
    (_, n) => `${values['id-prefix']}-${String(n + 1).padStart(width, '0')}`,
  );
  if (!ids.every(isValidKioskId)) throw new Error('--id-prefix makes invalid kiosk ids');

  // Per-kiosk lines would drown the summary: only the first kiosk's say anything.
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const loud = {
    info: (line: string) => console.log(`[${ids[0]}] ${line}`),
    warn: (line: string) => console.warn(`[${ids[0]}] ${line}`),
    error: (line: string) => console.error(`[${ids[0]}] ${line}`),
  };
  const fleet: SimulatedKiosk[] = ids.map((kioskId, index) =>
    createSimulatedKiosk({
      brokerUrls: brokers,
      kioskId,
      topicPrefix: values.prefix,
      ...(values['per-kiosk']
        ? { username: kioskId, password: (values.password ?? '').replaceAll('{id}', kioskId) }
        : {
            ...(values.username ? { username: values.username } : {}),
            ...(values.password ? { password: values.password } : {}),
          }),
      healthSeconds,
      keepaliveSeconds,
      configPublicKey: values['config-public-key'],
      enrolmentPublicKey: values['enrolment-public-key'],
      log: index === 0 ? loud : quiet,
    }),
  );

  let stopping: Promise<void> | null = null;
  const stopAll = (): Promise<void> => {
    stopping ??= Promise.all(fleet.map((kiosk) => kiosk.stop())).then(() => undefined);
    return stopping;
  };
  const interrupted = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });

  console.log(`Simulating ${kiosks} kiosks against ${broker} for ${seconds} s (${ids[0]} …)`);
  for (const kiosk of fleet) kiosk.start();
  let timer: NodeJS.Timeout | undefined;
  const report = setInterval(() => {
    const online = fleet.filter((kiosk) => kiosk.client.state === 'online').length;
    console.log(`${online}/${kiosks} online`);
  }, 5000);
  await Promise.race([
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, seconds * 1000);
    }),
    interrupted,
  ]);
  clearTimeout(timer);
  clearInterval(report);
  const online = fleet.filter((kiosk) => kiosk.client.state === 'online').length;
  await stopAll();
  const done = { 'reload-config': 0, 'refresh-catalogue': 0, relaunch: 0 };
  for (const kiosk of fleet) {
    for (const name of Object.keys(done) as (keyof typeof done)[]) {
      done[name] += kiosk.carriedOut[name];
    }
  }
  console.log(
    `Done: ${online}/${kiosks} were online at the end; all now offline. Carried out: ${JSON.stringify(done)}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
