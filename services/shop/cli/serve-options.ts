/**
 * The command line and environment of `npm run shop-service`, read into the service's
 * options. Unknown flags and bad values fail with a one-line reason; nothing is guessed.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isPublicKeyText } from '../../../shared/fleet/receipt-code';
import { DEFAULT_TOPIC_PREFIX, isValidTopicPrefix } from '../../../shared/fleet/topics';
import type { DatabasePlace } from '../db/database';
import { transportRefusal } from '../server/transport-rule';
import { DAY_MS, DEFAULT_HOLD_DAYS, type TrustSettings } from '../trust/trust-settings';
import { defaultDataFolder } from './data-folder';
import { DEFAULT_PORT } from './usage';

export const SERVE_FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  data: { type: 'string' },
  'enrolment-key': { type: 'string' },
  prefix: { type: 'string' },
  'hold-days': { type: 'string' },
  'allow-origin': { type: 'string', multiple: true },
  console: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface ServeOptions {
  database: DatabasePlace;
  /** The PGlite folder, when PGlite is used. */
  dataDir: string | null;
  trust: TrustSettings;
  host: string;
  port: number;
  tls?: { cert: Buffer; key: Buffer };
  allowOrigins: string[];
  /** The built console served at / (when it holds a build). */
  consoleDir: string;
}

/** Where `npm run fleet` builds the console in this checkout. */
export const DEFAULT_CONSOLE_DIR = resolve(__dirname, '../../../out/console');

function whole(name: string, raw: string, min: number, max: number): number {
  if (!/^[0-9]{1,6}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new Error(`--${name}: a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function origin(raw: string): string {
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // Reported below.
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== raw) {
    throw new Error(`--allow-origin: an origin such as https://console.shop.example, got "${raw}"`);
  }
  return raw;
}

/** The database to use: DATABASE_URL's PostgreSQL, else PGlite in the data folder. */
export function databasePlace(
  dataFlag: string | undefined,
  env: NodeJS.ProcessEnv,
): { database: DatabasePlace; dataDir: string | null } {
  const url = env.DATABASE_URL;
  if (url !== undefined && url !== '') {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error('DATABASE_URL: a postgres:// or postgresql:// URL');
    }
    return { database: { engine: 'postgresql', url }, dataDir: null };
  }
  const dataDir = resolve(dataFlag ?? defaultDataFolder());
  return { database: { engine: 'pglite', dataDir }, dataDir };
}

export function parseServeOptions(argv: string[], env: NodeJS.ProcessEnv): ServeOptions | 'help' {
  const { values } = parseArgs({ args: argv, options: SERVE_FLAGS, strict: true });
  if (values.help) return 'help';
  const enrolmentKey = values['enrolment-key'] ?? env.SHOP_ENROLMENT_KEY ?? '';
  if (!isPublicKeyText(enrolmentKey)) {
    throw new Error(
      '--enrolment-key (or SHOP_ENROLMENT_KEY): the operator’s enrolment public key, base64url, as `npm run fleet:keygen -- --enrolment` prints it',
    );
  }
  const prefix = values.prefix ?? DEFAULT_TOPIC_PREFIX;
  if (!isValidTopicPrefix(prefix)) throw new Error(`--prefix: not a topic prefix: "${prefix}"`);
  const holdDays = whole('hold-days', values['hold-days'] ?? String(DEFAULT_HOLD_DAYS), 1, 3650);
  const host = values.host ?? '127.0.0.1';
  const certFile = values['tls-cert'];
  const keyFile = values['tls-key'];
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new Error('--tls-cert and --tls-key go together');
  }
  const refusal = transportRefusal(host, certFile !== undefined);
  if (refusal !== null) throw new Error(refusal);
  return {
    ...databasePlace(values.data, env),
    trust: { prefix, enrolmentKey, holdMs: holdDays * DAY_MS },
    host,
    port: whole('port', values.port ?? String(DEFAULT_PORT), 0, 65535),
    ...(certFile !== undefined && keyFile !== undefined
      ? { tls: { cert: readFileSync(certFile), key: readFileSync(keyFile) } }
      : {}),
    allowOrigins: (values['allow-origin'] ?? []).map(origin),
    consoleDir: resolve(values.console ?? DEFAULT_CONSOLE_DIR),
  };
}
