/**
 * npm run build:e2e — the two builds the end-to-end tests run against:
 * 1. out/web with a same-origin catalogue (/api), served by `npm run serve -- --no-build`;
 * 2. the Electron build, whose renderer (opened from disk) calls the test server on E2E_PORT;
 * 3. the fleet console (out/console), which its tests serve themselves.
 * Environment is set in-process rather than with `VAR=… cmd`, so it works on Windows too.
 */
import { resolve } from 'node:path';
import { API_BASE, buildWebShop } from '../../tools/browser/browser-shop';
import { REPO_ROOT } from '../../tools/repo-root';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm run build:e2e

The builds the end-to-end tests run against: out/web with a same-origin catalogue (/api),
the Electron build whose renderer calls the test server on E2E_PORT (default 4173), and the
fleet console (out/console). It replaces out/web. No options.`);

async function main(): Promise<void> {
  const port = process.env.E2E_PORT ?? '4173';
  if (!/^[0-9]+$/.test(port)) throw new Error(`E2E_PORT must be a port number, got "${port}"`);

  // The same web build as `npm run serve`; both configs read VITE_CATALOGUE_URL when they are
  // loaded, which each build() does afresh.
  await buildWebShop({ replace: true, say: () => undefined });
  console.log(`web build → out/web (catalogue ${API_BASE})`);

  const catalogueUrl = `http://127.0.0.1:${port}${API_BASE}`;
  process.env.VITE_CATALOGUE_URL = catalogueUrl;
  const electronVite = await import('electron-vite');
  await electronVite.build({
    configFile: resolve(REPO_ROOT, 'electron.vite.config.ts'),
    root: REPO_ROOT,
    logLevel: 'warn',
  });
  console.log(`electron build → out/main, out/preload, out/renderer (catalogue ${catalogueUrl})`);

  const vite = await import('vite');
  await vite.build({ configFile: resolve(REPO_ROOT, 'vite.console.config.mts'), logLevel: 'warn' });
  console.log('fleet console → out/console');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
