/**
 * npm run fleet:exporter — serves the fleet's state as Prometheus metrics, read from the
 * broker with the exporter's own login (the logic is services/exporter/fleet-exporter.ts;
 * the options: the usage below).
 */
import { readExporterOptions } from './exporter-options';
import { startExporter } from './fleet-exporter';
import { helpAsked } from '../../shared/help-flag';

const USAGE = `Usage: npm run fleet:exporter -- --broker URL --port N [options]

Serves the fleet's state as Prometheus metrics at http://127.0.0.1:N/metrics, read from the
broker with the exporter's own login. Runs until stopped (Ctrl-C, SIGTERM), or for --seconds S.

  --broker mqtts://broker.shop.example:8883  mqtts:// or wss://; mqtt:// and ws:// only to this machine
  --port 9464                                on 127.0.0.1 only
  --username exporter                        the password from FLEET_EXPORTER_PASSWORD, or --password
  --ca /etc/kiosk-shop/ca.crt                the broker certificate's CA
  --enrolment-key=KEY                        the enrolment public key: store and region labels
  --prefix kiosk-shop                        the kiosks' fleet.topicPrefix
  --catalogue-max-age 60                     the kiosks' catalogueMaxAgeMinutes
  --seconds 30                               stop after this long (demos, tests)`;

if (helpAsked(process.argv.slice(2))) {
  console.log(USAGE);
  process.exit(0);
}

async function main(): Promise<void> {
  const { exporter: options, seconds } = readExporterOptions(process.argv.slice(2), process.env);
  const exporter = await startExporter({ ...options, log: (line) => console.log(line) });
  console.log(
    `Fleet exporter: http://127.0.0.1:${exporter.port}/metrics (broker ${options.brokerUrl})`,
  );

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
