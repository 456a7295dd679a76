/**
 * npm run fleet — the operator's fleet console on loopback. With --broker it points the page
 * at that broker's WebSockets listener; without, it starts an embedded demo broker (aedes)
 * and says how to point a kiosk at it. Builds the console first when its sources changed.
 * Options: tools/fleet-demo/fleet-options.ts (`npm run fleet -- --help`).
 */
import { spawn } from 'node:child_process';
import { buildConsole, CONSOLE_DIR, consoleNeedsBuild } from '../../tools/build/console-build';
import { startConsoleServer } from '../../tools/fleet-demo/fleet-console-server';
import { FLEET_USAGE, parseFleetOptions } from '../../tools/fleet-demo/fleet-options';
import { startDemoBroker, type DemoBroker } from '../../tools/fleet-demo/demo-broker';

function openInBrowser(url: string): void {
  const opener =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => console.log(`Could not open a browser (${opener}); open the URL above.`));
  child.unref();
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    console.log(FLEET_USAGE);
    return;
  }
  const options = parseFleetOptions(argv);
  if (options.build && consoleNeedsBuild()) {
    console.log('Building the fleet console → out/console');
    await buildConsole();
  }

  let demo: DemoBroker | null = null;
  if (options.broker === null) {
    demo = await startDemoBroker({
      tcpPort: options.mqttPort,
      wsPort: options.wsPort,
      credentials:
        options.username !== null && options.password !== null
          ? { username: options.username, password: options.password }
          : null,
    });
  }
  const brokerUrl = options.broker ?? demo?.wsUrl ?? '';
  const server = await startConsoleServer({
    port: options.port,
    staticDir: CONSOLE_DIR,
    presets: {
      brokerUrl,
      ...(options.username !== null ? { username: options.username } : {}),
      ...(options.password !== null ? { password: options.password } : {}),
      topicPrefix: options.prefix,
      catalogueUrl: options.catalogue,
      ...(options.enrolmentKey !== null ? { enrolmentPublicKey: options.enrolmentKey } : {}),
      ...(options.shopService !== null ? { shopServiceUrl: options.shopService } : {}),
    },
  });

  const url = `${server.origin}/`;
  console.log(`Fleet console: ${url} (broker ${brokerUrl})`);
  if (demo) {
    console.log(
      `Demo broker (aedes, loopback only): ${demo.tcpUrl} for kiosks, ${demo.wsUrl} for the console.`,
    );
    const credentials =
      options.username !== null ? ' (and fleet.username / fleet.password in its config file)' : '';
    console.log(`Point a kiosk at it: npm start -- --fleet-broker=${demo.tcpUrl}${credentials}`);
    console.log(
      `Or simulate kiosks: npm run fleet:simulate -- --broker ${demo.tcpUrl} --kiosks 20 --seconds 300`,
    );
  }
  if (options.open) openInBrowser(url);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 3000).unref();
    void Promise.allSettled([server.close(), demo?.close()]).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(FLEET_USAGE);
  process.exit(1);
});
