/**
 * npm run update:e2e — the kiosk updating itself, end to end (Linux, under Xvfb; the hosted
 * workflow's update-e2e job). It packages version N and N+1 as AppImages, serves N+1's
 * feed (latest-linux.yml, its signature and the AppImage) on 127.0.0.1, starts N with a
 * config pointing at that feed and naming the key it is signed with, and waits until N
 * has downloaded N+1, installed it at the attract screen (nobody touches it) and started
 * again as N+1. Where Electron cannot be had it prints why and exits 0: this proof needs
 * the real thing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import {
  copyFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../../tools/repo-root';
import { ensureElectronBinary } from '../../tools/launch/electron-binary';
import { rawPublicKey } from '../../fleet-agent/identity/ed25519';
import { feedEntry, kioskConfig, nextVersion } from '../../tools/updates/update-e2e';
import { signFeedFileAt } from '../../tools/updates/update-signing';

const DEADLINE_MS = 12 * 60_000;

function skip(reason: string): number {
  console.log(`update:e2e: skipped: ${reason}`);
  return 0;
}

function packageVersion(version: string, outDir: string): void {
  const run = spawnSync(
    join(REPO_ROOT, 'node_modules', '.bin', 'electron-builder'),
    [
      '--config',
      'electron-builder.yml',
      '--linux',
      'AppImage',
      '--publish',
      'never',
      `-c.extraMetadata.version=${version}`,
      `-c.directories.output=${outDir}`,
    ],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
  if (run.status !== 0) throw new Error(`electron-builder failed for ${version}`);
}

const sha512 = (path: string): string =>
  createHash('sha512').update(readFileSync(path)).digest('base64');

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
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

  const { build } = await import('electron-vite');
  await build({ configFile: resolve(REPO_ROOT, 'electron.vite.config.ts'), root: REPO_ROOT });
  packageVersion(versionN, join(work, 'n'));
  packageVersion(versionNext, join(work, 'next'));

  // The feed is signed as an operator signs it (npm run update:sign), with a key of this run.
  const { privateKey } = generateKeyPairSync('ed25519');
  signFeedFileAt(join(work, 'next', 'latest-linux.yml'), privateKey);
  const feedYml = readFileSync(join(work, 'next', 'latest-linux.yml'), 'utf8');
  const entry = feedEntry(feedYml);
  if (entry?.version !== versionNext) throw new Error('latest-linux.yml does not name N+1');
  const nextAppImage = join(work, 'next', entry.path);
  const served: string[] = [];
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    served.push(path);
    const file =
      path === '/feed/latest-linux.yml'
        ? join(work, 'next', 'latest-linux.yml')
        : path === '/feed/latest-linux.yml.sig'
          ? join(work, 'next', 'latest-linux.yml.sig')
          : path === `/feed/${entry.path}`
            ? nextAppImage
            : null;
    if (!file || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200).end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed/`;

  // Version N, installed where it may replace itself, with its own userData.
  const installed = join(work, 'kiosk', 'Kiosk-Shop.AppImage');
  mkdirSync(join(work, 'kiosk'), { recursive: true });
  const nAppImage = readFileSync(join(work, 'n', 'latest-linux.yml'), 'utf8');
  copyFileSync(join(work, 'n', feedEntry(nAppImage)?.path ?? ''), installed);
  chmodSync(installed, 0o755);
  const configHome = join(work, 'config');
  const userData = join(configHome, 'Kiosk Shop');
  mkdirSync(userData, { recursive: true });
  writeFileSync(
    join(userData, 'kiosk-config.json'),
    JSON.stringify(kioskConfig(feedUrl, new Date(), rawPublicKey(privateKey))),
  );
  const logFile = join(userData, 'logs', 'kiosk.log');
  const env = { ...process.env, XDG_CONFIG_HOME: configHome, APPIMAGE_EXTRACT_AND_RUN: '1' };

  const children: ChildProcess[] = [];
  const child = spawn(installed, [], { env, stdio: 'inherit', detached: true });
  children.push(child);
  const wantedHash = sha512(nextAppImage);
  const started = Date.now();
  let outcome = 'timed out';
  try {
    while (Date.now() - started < DEADLINE_MS) {
      await sleep(5000);
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      const replaced = sha512(installed) === wantedHash;
      const installing = log.indexOf(`Updates: installing ${versionNext}`);
      const restarted = installing >= 0 && log.indexOf('Kiosk starting', installing) > installing;
      if (replaced && restarted) {
        outcome = 'updated';
        break;
      }
    }
  } finally {
    server.close();
    // The first kiosk's process group; the restarted one runs the replaced AppImage.
    for (const running of children) {
      if (running.pid) {
        try {
          process.kill(-running.pid, 'SIGTERM');
        } catch {
          // Already gone: it quit to install the update.
        }
      }
    }
    spawnSync('pkill', ['-TERM', '-f', installed]);
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '(no log)';
  if (outcome !== 'updated') {
    console.error(`update:e2e: ${versionN} did not update itself to ${versionNext}`);
    console.error(`Feed requests: ${served.join(', ') || 'none'}`);
    console.error(log.split('\n').slice(-60).join('\n'));
    return 1;
  }
  console.log(
    `update:e2e: ${versionN} downloaded ${versionNext} from ${feedUrl}, installed it at the attract screen and restarted as ${versionNext}`,
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
