/**
 * The options of `npm run fleet:simulate`, read and checked before any kiosk starts: the
 * brokers (this machine's only), how many kiosks for how long, and each kiosk's options
 * for tools/simulator/simulated-kiosk.ts but its log.
 */
import { parseArgs } from 'node:util';
import { MAX_BROKER_URLS, splitBrokerList } from '../../shared/fleet/broker-choice';
import { isValidKioskId, isValidTopicPrefix } from '../../shared/fleet/topics';
import { isValidGroupId } from '../../shared/fleet/groups';
import { parseCount } from '../../shared/count-flag';
import { isLoopbackBroker, type SimulatedKioskOptions } from './simulated-kiosk';

export interface SimulateOptions {
  brokers: string[];
  kiosks: number;
  seconds: number;
  /** Each kiosk's options but its log, in the order of their ids. */
  fleet: Omit<SimulatedKioskOptions, 'log'>[];
  /** Where the first kiosk's first signed receipt's QR goes, as a PNG; absent: printed only. */
  receiptPng?: string;
}

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

function readBrokers(list: string | undefined): string[] {
  const brokers = splitBrokerList(list ?? '');
  const stranger = brokers.find((url) => !isLoopbackBroker(url));
  if (brokers.length === 0 || stranger !== undefined) {
    throw new Error(
      `--broker must be mqtt://, mqtts://, ws:// or wss:// URLs on this machine (127.0.0.1, ::1 or localhost), comma-separated, got "${stranger ?? ''}"`,
    );
  }
  if (brokers.length > MAX_BROKER_URLS || new Set(brokers).size !== brokers.length) {
    throw new Error(`--broker must name 1 to ${MAX_BROKER_URLS} different brokers`);
  }
  return brokers;
}

/** `args` as the command line gives them. */
export function readSimulateOptions(args: readonly string[]): SimulateOptions {
  const { values } = parseArgs({
    args: [...args],
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
      'receipt-png': { type: 'string' },
      store: { type: 'string' },
      region: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  });
  const brokers = readBrokers(values.broker);
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
  for (const name of ['store', 'region'] as const) {
    const group = values[name];
    if (group !== undefined && !isValidGroupId(group)) {
      throw new Error(`--${name} must be 1 to 64 letters, digits, - or _, got "${group}"`);
    }
  }
  const fleet = ids.map((kioskId) => ({
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
    ...(values.store === undefined ? {} : { store: values.store }),
    ...(values.region === undefined ? {} : { region: values.region }),
    ...(values.quiet ? { shoppers: false } : {}),
  }));
  const receiptPng = values['receipt-png'];
  return { brokers, kiosks, seconds, fleet, ...(receiptPng ? { receiptPng } : {}) };
}
