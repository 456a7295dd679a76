/**
 * npm run fleet:will-keeper -- --broker URL1,URL2,URL3 — says the Last Wills a crashed broker
 * node takes with it (the logic is scripts/lib/will-keeper.ts): one connection to every node
 * of the cluster, and when one is lost, its kiosks are said offline through the others.
 * Runs until stopped (Ctrl-C, SIGTERM), or for --seconds S. `npm run fleet:cluster` runs
 * one of its own.
 *
 *   --broker mqtts://n1:8883,mqtts://n2:8883   the kiosks' fleet.brokerUrls, as they name them
 *   --username will-keeper                     the password from FLEET_KEEPER_PASSWORD, or --password
 *   --ca /etc/kiosk-shop/ca.crt                the brokers' CA
 *   --prefix kiosk-shop                        the kiosks' fleet.topicPrefix
 *   --settle-seconds 60                        how long a lost node's kiosks have to come back
 *                                              before their wills are kept retained
 *   --seconds 30                               stop after this long (demos, tests)
 */
import { parseArgs } from 'node:util';
import { MAX_BROKER_URLS, splitBrokerList } from '../shared/fleet/broker-choice';
import { DEFAULT_TOPIC_PREFIX, isValidTopicPrefix } from '../shared/fleet/topics';
import { parseCount } from './lib/cli-args';
import { startWillKeeper } from './lib/will-keeper';

const NODE_URL = /^mqtts?:\/\/[^\s/]+$/;

function main(): void {
  const { values } = parseArgs({
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
  const password = values.password ?? process.env.FLEET_KEEPER_PASSWORD;

  const keeper = startWillKeeper({
    brokerUrls: brokers,
    prefix: values.prefix,
    ...(values.username ? { username: values.username } : {}),
    ...(password ? { password } : {}),
    ...(values.ca ? { caFile: values.ca } : {}),
    ...(settleSeconds === undefined ? {} : { settleMs: settleSeconds * 1000 }),
    log: (line) => console.log(line),
  });
  console.log(`Will keeper: watching ${brokers.length} nodes (${brokers.join(', ')})`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void keeper.close().then(() => {
      console.log('Will keeper: stopped');
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (seconds !== undefined) setTimeout(stop, seconds * 1000);
}

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
