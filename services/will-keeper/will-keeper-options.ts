/**
 * The options of `npm run fleet:will-keeper`, read from its flags and the environment and
 * checked before any node is reached, so a typo fails in one line.
 */
import { parseArgs } from 'node:util';
import { MAX_BROKER_URLS, splitBrokerList } from '../../shared/fleet/broker-choice';
import { parseCount } from '../../shared/count-flag';
import { DEFAULT_TOPIC_PREFIX, isValidTopicPrefix } from '../../shared/fleet/topics';
import type { WillKeeperOptions } from './will-keeper';

const NODE_URL = /^mqtts?:\/\/[^\s/]+$/;

export interface WillKeeperCommand {
  keeper: WillKeeperOptions;
  /** Stop after this long (demos, tests); undefined: run until stopped. */
  seconds: number | undefined;
}

/** `args` as the command line gives them; the keeper's password may come from `env`. */
export function readWillKeeperOptions(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): WillKeeperCommand {
  const { values } = parseArgs({
    args: [...args],
    options: {
      broker: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      ca: { type: 'string' },
      prefix: { type: 'string', default: DEFAULT_TOPIC_PREFIX },
      'settle-seconds': { type: 'string' },
      seconds: { type: 'string' },
    },
  });
  const brokers = splitBrokerList(values.broker ?? '');
  if (brokers.length < 2 || brokers.length > MAX_BROKER_URLS) {
    throw new Error(`--broker must list 2 to ${MAX_BROKER_URLS} nodes, separated by commas`);
  }
  for (const url of brokers) {
    if (!NODE_URL.test(url)) throw new Error(`not an mqtt:// or mqtts:// node URL: "${url}"`);
  }
  if (!isValidTopicPrefix(values.prefix)) throw new Error('--prefix is not a valid topic prefix');
  const settleSeconds = parseCount('settle-seconds', values['settle-seconds'], 1);
  const seconds = parseCount('seconds', values.seconds, 1);
  const password = values.password ?? env.FLEET_KEEPER_PASSWORD;
  return {
    keeper: {
      brokerUrls: brokers,
      prefix: values.prefix,
      ...(values.username ? { username: values.username } : {}),
      ...(password ? { password } : {}),
      ...(values.ca ? { caFile: values.ca } : {}),
      ...(settleSeconds === undefined ? {} : { settleMs: settleSeconds * 1000 }),
    },
    seconds,
  };
}
