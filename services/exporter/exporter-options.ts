/**
 * The options of `npm run fleet:exporter`, read from its flags and the environment and
 * checked before anything connects, so a typo fails in one line. What the exporter must agree
 * on with the kiosks is the fleet's topic prefix (shared/fleet/topics.ts), their catalogue
 * age, given here or by the kiosks' own default (shared/kiosk-config/config-keys.ts), the
 * enrolment public key their certificates verify under, and their transport rule: plain MQTT
 * only to this machine (shared/fleet/plain-transport.ts), as its login crosses the network.
 */
import { parseArgs } from 'node:util';
import { parseCount } from '../../shared/count-flag';
import { isPlainOffMachine, isPlainTransport } from '../../shared/fleet/plain-transport';
import { isPublicKeyText } from '../../shared/fleet/receipt-code';
import { DEFAULT_TOPIC_PREFIX, isValidTopicPrefix } from '../../shared/fleet/topics';
import { DEFAULT_CONFIG } from '../../shared/kiosk-config/config-keys';
import type { ExporterOptions } from './fleet-exporter';

/** The kiosks' default catalogueMaxAgeMinutes, for a fleet that leaves theirs unset. */
export const DEFAULT_CATALOGUE_MAX_AGE_MINUTES = DEFAULT_CONFIG.catalogueMaxAgeMinutes;

const BROKER = /^(mqtts?|wss?):\/\/[^\s/]+/;

export interface ExporterCommand {
  exporter: ExporterOptions;
  /** Stop after this long (demos, tests); undefined: run until stopped. */
  seconds: number | undefined;
}

/** `args` as the command line gives them; the operator's password may come from `env`. */
export function readExporterOptions(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ExporterCommand {
  const { values } = parseArgs({
    args: [...args],
    options: {
      broker: { type: 'string' },
      port: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      ca: { type: 'string' },
      'enrolment-key': { type: 'string' },
      prefix: { type: 'string', default: DEFAULT_TOPIC_PREFIX },
      'catalogue-max-age': { type: 'string' },
      seconds: { type: 'string' },
    },
  });
  const broker = values.broker ?? '';
  if (!BROKER.test(broker)) {
    throw new Error(`--broker must be an mqtt://, mqtts://, ws:// or wss:// URL, got "${broker}"`);
  }
  checkTransport(new URL(broker), values.ca !== undefined);
  const enrolmentKey = values['enrolment-key'];
  if (enrolmentKey !== undefined && !isPublicKeyText(enrolmentKey)) {
    throw new Error('--enrolment-key must be the enrolment public key (base64url, 43 characters)');
  }
  const port = parseCount('port', values.port, 1);
  if (port === undefined || port > 65535) throw new Error('--port must be a port number');
  if (!isValidTopicPrefix(values.prefix)) throw new Error('--prefix is not a valid topic prefix');
  const maxAge =
    parseCount('catalogue-max-age', values['catalogue-max-age'], 1) ??
    DEFAULT_CATALOGUE_MAX_AGE_MINUTES;
  const seconds = parseCount('seconds', values.seconds, 1);
  const password = values.password ?? env.FLEET_EXPORTER_PASSWORD;
  return {
    exporter: {
      brokerUrl: broker,
      port,
      prefix: values.prefix,
      ...(values.username ? { username: values.username } : {}),
      ...(password ? { password } : {}),
      ...(values.ca ? { caFile: values.ca } : {}),
      ...(enrolmentKey ? { enrolmentKey } : {}),
      catalogueMaxAgeMinutes: maxAge,
    },
    seconds,
  };
}

/**
 * The kiosks' transport rule: the exporter's login and all it reads never cross a network in
 * the clear, and a CA it was given is never silently ignored.
 */
function checkTransport(url: URL, withCa: boolean): void {
  const scheme = url.protocol.replace(':', '://');
  if (withCa && isPlainTransport(url)) {
    throw new Error(
      `--ca is given but ${scheme} is not TLS: use mqtts:// or wss://, or leave --ca out`,
    );
  }
  if (isPlainOffMachine(url)) {
    throw new Error(
      `--broker: plain ${scheme} to another machine would send the login in the clear: use mqtts:// or wss:// (plain MQTT only to this machine)`,
    );
  }
}
