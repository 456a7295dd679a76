/**
 * The options of `npm run fleet:cluster`, read and checked before any node starts.
 */
import { parseArgs } from 'node:util';
import { isValidKioskId, isValidTopicPrefix } from '../../shared/fleet/topics';
import { parseCount } from '../../shared/count-flag';

export interface FleetClusterOptions {
  /** How long the cluster runs, seconds (1–86,400). */
  seconds: number;
  prefix: string;
  /** Kiosk logins made: `{idPrefix}-0001` …, as `npm run fleet:simulate -- --per-kiosk`. */
  kiosks: number;
  idPrefix: string;
  /** Each kiosk's password, `{id}` filled in. */
  kioskPassword: string;
  operatorPassword: string;
  counters: number;
}

export const FLEET_CLUSTER_USAGE = `npm run fleet:cluster -- --seconds S [options]
  --seconds S                 stop after S seconds (1–86400); Ctrl-C stops sooner
  --kiosks N                  kiosk logins sim-0001 … (0–10000, default 5)
  --id-prefix sim             their ids' prefix
  --kiosk-password 'pw-{id}'  their password, {id} filled in (default pw-{id})
  --operator-password TEXT    the operator's (default: operator-secret)
  --counters N                counter logins counter-1 … (0–20, default 1; password as the operator's)
  --prefix kiosk-shop         topic prefix`;

export function parseFleetClusterOptions(argv: readonly string[]): FleetClusterOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      seconds: { type: 'string' },
      kiosks: { type: 'string' },
      'id-prefix': { type: 'string', default: 'sim' },
      'kiosk-password': { type: 'string', default: 'pw-{id}' },
      'operator-password': { type: 'string', default: 'operator-secret' },
      counters: { type: 'string' },
      prefix: { type: 'string', default: 'kiosk-shop' },
    },
    strict: true,
  });
  const bounded = (
    name: string,
    raw: string | undefined,
    min: number,
    max: number,
    fallback?: number,
  ) => {
    const value = parseCount(name, raw, min) ?? fallback;
    if (value === undefined) throw new Error(`--${name} is required`);
    if (value > max) throw new Error(`--${name} must be at most ${max}, got ${value}`);
    return value;
  };
  if (!isValidTopicPrefix(values.prefix)) throw new Error('--prefix is not a valid topic prefix');
  if (!isValidKioskId(`${values['id-prefix']}-0001`))
    throw new Error('--id-prefix makes invalid kiosk ids');
  for (const name of ['kiosk-password', 'operator-password'] as const) {
    const text = values[name];
    if (text === '' || text.length > 256 || /[\p{Cc}"\\]/u.test(text)) {
      throw new Error(
        `--${name} must be 1–256 characters, without quotes, backslashes or control characters`,
      );
    }
  }
  return {
    seconds: bounded('seconds', values.seconds, 1, 86_400),
    prefix: values.prefix,
    kiosks: bounded('kiosks', values.kiosks, 0, 10_000, 5),
    idPrefix: values['id-prefix'],
    kioskPassword: values['kiosk-password'],
    operatorPassword: values['operator-password'],
    counters: bounded('counters', values.counters, 0, 20, 1),
  };
}

/** The kiosk ids the simulator makes for N kiosks: sim-0001 … (at least four digits). */
export function simulatedKioskIds(idPrefix: string, count: number): string[] {
  const width = Math.max(4, String(count).length);
  return Array.from(
    { length: count },
    (_, n) => `${idPrefix}-${String(n + 1).padStart(width, '0')}`,
  );
}
