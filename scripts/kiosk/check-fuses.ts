/**
 * npm run check:fuses — reads the Electron fuses back from the packaged app in release/
 * (after `npm run package`) and compares them with `electronFuses` in electron-builder.yml.
 * tests/config checks the YAML; this checks the binary that ships, so a build that did not
 * flip a fuse fails the hosted workflow.
 *
 *   npm run check:fuses                  every app electron-builder left in release/
 *   npm run check:fuses -- --app PATH    one binary (Linux executable, .exe or .app)
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../../tools/repo-root';
import { checkFuses, packagedApps } from '../../tools/packaging/packaged-fuses';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm run check:fuses [-- --app PATH]

Reads the Electron fuses back from the packaged app and compares them with electronFuses
in electron-builder.yml; fails when one differs.

  (no option)   every app electron-builder left in release/ (after npm run package)
  --app PATH    one binary (Linux executable, .exe or .app)`);

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { app: { type: 'string' } }, strict: true });
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    name: string;
    productName: string;
  };
  const apps = values.app
    ? [resolve(values.app)]
    : packagedApps(join(REPO_ROOT, 'release'), manifest.name, manifest.productName);
  if (apps.length === 0) {
    console.error('check:fuses: no packaged app in release/; run "npm run package" first');
    return 1;
  }
  const ok = await checkFuses(apps, readFileSync(join(REPO_ROOT, 'electron-builder.yml'), 'utf8'));
  if (!ok) {
    console.error('check:fuses: the packaged fuses differ from electron-builder.yml');
    return 1;
  }
  console.log('check:fuses: every fuse is as electron-builder.yml sets it');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`check:fuses: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
