/**
 * npm run shop-service — the shop's records (handovers, revocations, certificates, orders,
 * staff) behind one small HTTP service. Runs until stopped (Ctrl-C, SIGTERM). Flags and the
 * staff and token commands: cli/usage.ts, or `npm run shop-service -- --help`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runAdminCommand, stdinPassword } from './cli/staff-command';
import { lockDataFolder } from './cli/data-lock';
import { parseServeOptions } from './cli/serve-options';
import { USAGE } from './cli/usage';
import { startService } from './server/start-service';

async function serve(argv: string[]): Promise<void> {
  const options = parseServeOptions(argv, process.env);
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const release = options.dataDir === null ? () => undefined : lockDataFolder(options.dataDir);
  const service = await startService({
    ...options,
    log: (line) => console.error(`shop-service: ${line}`),
  }).catch((error: unknown) => {
    release();
    throw error;
  });
  console.log(service.origin);
  console.log(
    `shop-service: database ${service.services.engine}${options.dataDir ? ` in ${options.dataDir}` : ''}, fleet ${options.trust.prefix}`,
  );
  console.log(
    existsSync(join(options.consoleDir, 'index.html'))
      ? `shop-service: the counter at ${service.origin}/#/counter (the console's page, served from ${options.consoleDir})`
      : `shop-service: no console page in ${options.consoleDir} (npm run fleet builds it)`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void service.close().finally(() => {
      release();
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(argv: string[]): Promise<void> {
  const [first] = argv;
  if (first === 'staff' || first === 'token') {
    await runAdminCommand(argv, {
      out: (line) => console.log(line),
      password: stdinPassword,
      env: process.env,
      now: Date.now,
    });
    return;
  }
  await serve(first === 'serve' ? argv.slice(1) : argv);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`shop-service: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
