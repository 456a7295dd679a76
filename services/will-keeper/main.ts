/**
 * npm run fleet:will-keeper — says the Last Wills a crashed broker node takes with it (the
 * logic is services/will-keeper/will-keeper.ts; the options: the usage below).
 */
import { startWillKeeper } from './will-keeper';
import { readWillKeeperOptions } from './will-keeper-options';
import { helpAsked } from '../../shared/help-flag';

const USAGE = `Usage: npm run fleet:will-keeper -- --broker URL1,URL2,URL3 [options]

Says the Last Wills a crashed broker node takes with it: one connection to every node of
the cluster, and when one is lost, its kiosks are said offline through the others. Runs
until stopped (Ctrl-C, SIGTERM), or for --seconds S. npm run fleet:cluster runs one of its own.

  --broker mqtts://n1:8883,mqtts://n2:8883   the kiosks' fleet.brokerUrls, as they name them
  --username will-keeper                     the password from FLEET_KEEPER_PASSWORD, or --password
  --ca /etc/kiosk-shop/ca.crt                the brokers' CA
  --prefix kiosk-shop                        the kiosks' fleet.topicPrefix
  --settle-seconds 60                        how long a lost node's kiosks have to come back
                                             before their wills are kept retained
  --seconds 30                               stop after this long (demos, tests)`;

if (helpAsked(process.argv.slice(2))) {
  console.log(USAGE);
  process.exit(0);
}

function main(): void {
  const { keeper: options, seconds } = readWillKeeperOptions(process.argv.slice(2), process.env);
  const keeper = startWillKeeper({ ...options, log: (line) => console.log(line) });
  const brokers = options.brokerUrls;
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
