/**
 * npm run update:e2e — the kiosk updating itself, end to end (Linux, under Xvfb; the hosted
 * workflow's update-e2e job). It packages version N and N+1 as AppImages, serves N+1's
 * feed (latest-linux.yml, its signature and the AppImage) on 127.0.0.1, starts N with a
 * config pointing at that feed and naming the key it is signed with, and waits until N
 * has downloaded N+1, installed it at the attract screen (nobody touches it) and started
 * again as N+1. Where Electron cannot be had it prints why and exits 0: this proof needs
 * the real thing. The steps are tools/updates/update-run.ts.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../tools/repo-root';
import { ensureElectronBinary } from '../../tools/launch/electron-binary';
import { nextVersion } from '../../tools/updates/update-e2e';
import {
  installVersionN,
  packageBoth,
  serveSignedFeed,
  watchUpdate,
} from '../../tools/updates/update-run';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm run update:e2e

The kiosk updating itself, end to end (Linux, under Xvfb): packages version N and N+1,
serves N+1's signed feed on 127.0.0.1, starts N and waits until it has installed N+1 and
started again. Where Electron cannot be had it prints why and exits 0. No options.`);

const DEADLINE_MS = 12 * 60_000;

function skip(reason: string): number {
  console.log(`update:e2e: skipped: ${reason}`);
  return 0;
}

async function main(): Promise<number> {
  if (process.platform !== 'linux') return skip('the AppImage update runs on Linux only');
  if (!process.env.DISPLAY) return skip('no X display (run it under xvfb-run)');
  const electron = await ensureElectronBinary({ projectDir: REPO_ROOT });
  if (electron.binary === null)
    return skip(`Electron cannot be downloaded here: ${electron.reason}`);

  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  const versionN = manifest.version;
  const versionNext = nextVersion(versionN);
  const work = mkdtempSync(join(tmpdir(), 'kiosk-update-e2e-'));
  console.log(`update:e2e: ${versionN} → ${versionNext} in ${work}`);

  await packageBoth(versionN, versionNext, work);
  const feed = await serveSignedFeed(work, versionNext);
  const kiosk = installVersionN(work, feed);
  const updated = await watchUpdate(kiosk, feed, versionNext, DEADLINE_MS);
  const log = existsSync(kiosk.logFile) ? readFileSync(kiosk.logFile, 'utf8') : '(no log)';
  if (!updated) {
    console.error(`update:e2e: ${versionN} did not update itself to ${versionNext}`);
    console.error(`Feed requests: ${feed.served.join(', ') || 'none'}`);
    console.error(log.split('\n').slice(-60).join('\n'));
    return 1;
  }
  console.log(
    `update:e2e: ${versionN} downloaded ${versionNext} from ${feed.url}, installed it at the attract screen and restarted as ${versionNext}`,
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`update:e2e: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
