/**
 * npm run fleet:exporter -- --broker URL --port N — serves the fleet's state as Prometheus
 * metrics at http://127.0.0.1:N/metrics, read from the broker as the operator (the logic is
 * scripts/lib/fleet-exporter.ts). Runs until stopped (Ctrl-C, SIGTERM), or for --seconds S.
 *
 *   --broker mqtt://broker.shop.example:1883   mqtt://, mqtts://, ws:// or wss://
 *   --port 9464                                on 127.0.0.1 only
 *   --username operator                        the password from FLEET_EXPORTER_PASSWORD, or --password
 *   --ca /etc/kiosk-shop/ca.crt                the broker certificate's CA
 *   --prefix kiosk-shop                        the kiosks' fleet.topicPrefix
 *   --catalogue-max-age 60                     the kiosks' catalogueMaxAgeMinutes
 *   --seconds 30                               stop after this long (demos, tests)
 */
import { parseArgs } from 'node:util';
import { DEFAULT_CONFIG } from '../electron/main/config/config-keys';
import { DEFAULT_TOPIC_PREFIX, isValidTopicPrefix } from '../shared/fleet/topics';
import { parseCount } from './lib/cli-args';
import { startExporter } from './lib/fleet-exporter';

const BROKER = /^(mqtts?|wss?):\/\/[^\s/]+/;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      broker: { type: 'string' },
      port: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      ca: { type: 'string' },
      prefix: { type: 'string', default: DEFAULT_TOPIC_PREFIX },
      'catalogue-max-age': { type: 'string' },
      seconds: { type: 'string' },
    },
  });
  const broker = values.broker ?? '';
  if (!BROKER.test(broker)) {
    throw new Error(`--broker must be an mqtt://, mqtts://, ws:// or wss:// URL, got "${broker}"`);
  }
  const port = parseCount('port', values.port, 1);
  if (port === undefined || port > 65535) throw new Error('--port must be a port number');
  if (!isValidTopicPrefix(values.prefix)) throw new Error('--prefix is not a valid topic prefix');
  const maxAge =
    parseCount('catalogue-max-age', values['catalogue-max-age'], 1) ??
    DEFAULT_CONFIG.catalogueMaxAgeMinutes;
  const seconds = parseCount('seconds', values.seconds, 1);
  const password = values.password ?? process.env.FLEET_EXPORTER_PASSWORD;

  const exporter = await startExporter({
    brokerUrl: broker,
    port,
    prefix: values.prefix,
    ...(values.username ? { username: values.username } : {}),
    ...(password ? { password } : {}),
    ...(values.ca ? { caFile: values.ca } : {}),
    catalogueMaxAgeMinutes: maxAge,
    log: (line) => console.log(line),
  });
  console.log(`Fleet exporter: http://127.0.0.1:${exporter.port}/metrics (broker ${broker})`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void exporter.close().then(() => {
      console.log('Fleet exporter: stopped');
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (seconds !== undefined) setTimeout(stop, seconds * 1000);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
