/**
 * npm run fleet:cluster -- --seconds S — a 3-node nats-server cluster on loopback for a demo
 * or a test: free ports, a temporary folder (configs, JetStream stores, logs), the fleet's
 * users and permissions. Prints each node's MQTT URL (for kiosks, fleet.brokerUrls) and its
 * WebSockets URL (for the console), then stops every node after S seconds, or at once on
 * Ctrl-C or SIGTERM, and removes the folder. Options: tools/cluster/fleet-cluster-options.ts.
 *
 *   npm run fleet:cluster -- --seconds 600 --kiosks 50
 *   npm run fleet:simulate -- --broker URL1,URL2,URL3 --kiosks 50 --per-kiosk --password 'pw-{id}'
 */
import {
  FLEET_CLUSTER_USAGE,
  parseFleetClusterOptions,
  simulatedKioskIds,
} from '../../tools/cluster/fleet-cluster-options';
import { startNatsCluster, type NatsCluster } from '../../tools/cluster/nats-cluster';
import { clusterCommands, commandLine } from '../../tools/cluster/cluster-commands';
import { startWillKeeper, type WillKeeper } from '../../services/will-keeper/will-keeper';

const KEEPER_USERNAME = 'will-keeper';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    console.log(FLEET_CLUSTER_USAGE);
    return;
  }
  const options = parseFleetClusterOptions(argv);
  let cluster: NatsCluster | null = null;
  let keeper: WillKeeper | null = null;
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (keeper ? keeper.close() : Promise.resolve())
      .then(() => (cluster ? cluster.dispose() : undefined))
      .then(() => {
        console.log('Cluster stopped; no node left running.');
      });
    return stopping;
  };
  const interrupted = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  const kiosks = Object.fromEntries(
    simulatedKioskIds(options.idPrefix, options.kiosks).map((id) => [
      id,
      options.kioskPassword.replaceAll('{id}', id),
    ]),
  );
  const counters = Object.fromEntries(
    Array.from({ length: options.counters }, (_, n) => [
      `counter-${n + 1}`,
      options.operatorPassword,
    ]),
  );
  const starting = startNatsCluster({
    logins: {
      prefix: options.prefix,
      operator: { username: 'operator', password: options.operatorPassword },
      counters,
      kiosks,
      keeper: { username: KEEPER_USERNAME, password: options.operatorPassword },
    },
  });
  // Ctrl-C while the nodes start: they are stopped as soon as they are known.
  const first = await Promise.race([starting.then((made) => made), interrupted.then(() => null)]);
  cluster = first ?? (await starting);
  if (first === null) {
    await stop();
    return;
  }
  for (const node of cluster.nodes) {
    console.log(`${node.name}: ${node.mqttUrl} (kiosks)  ${node.wsUrl} (console)`);
  }
  console.log(`fleet.brokerUrls: ${JSON.stringify(cluster.mqttUrls)}`);
  console.log(`console broker:   ${cluster.wsUrls.join(',')}`);
  console.log(
    `Logins: operator / ${options.operatorPassword}; ${options.kiosks} kiosks ${simulatedKioskIds(options.idPrefix, 1)[0] ?? ''} … with ${options.kioskPassword}; folder ${cluster.dir}`,
  );
  console.log('\nReady to paste, each in a terminal of its own:');
  for (const command of clusterCommands({
    ...options,
    mqttUrls: cluster.mqttUrls,
    wsUrls: cluster.wsUrls,
  })) {
    console.log(`  # ${command.what}\n  ${commandLine(command)}`);
  }
  console.log('');
  // A crashed node takes its clients' Last Wills with it: the keeper says them instead.
  keeper = startWillKeeper({
    brokerUrls: cluster.mqttUrls,
    prefix: options.prefix,
    username: KEEPER_USERNAME,
    password: options.operatorPassword,
    log: (line) => console.log(line),
  });
  console.log(`Will keeper: watching ${cluster.mqttUrls.length} nodes as ${KEEPER_USERNAME}.`);
  console.log(`Running for ${options.seconds} s (Ctrl-C stops it sooner).`);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.seconds * 1000);
    }),
    interrupted,
  ]);
  clearTimeout(timer);
  await stop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
