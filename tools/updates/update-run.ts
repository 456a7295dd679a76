/**
 * The steps of `npm run update:e2e` that touch the machine: package versions N and N+1,
 * serve N+1's signed feed on 127.0.0.1, install N where it may replace itself with a config
 * pointing at that feed, and watch it update. The pure parts are update-e2e.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import {
  copyFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { rawPublicKey } from '../../fleet-agent/identity/ed25519';
import { REPO_ROOT } from '../repo-root';
import { feedEntry, kioskConfig } from './update-e2e';
import { signFeedFileAt } from './update-signing';

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

/** Builds the kiosk once and packages it as version N (work/n) and N+1 (work/next). */
export async function packageBoth(versionN: string, versionNext: string, work: string) {
  const { build } = await import('electron-vite');
  await build({ configFile: resolve(REPO_ROOT, 'electron.vite.config.ts'), root: REPO_ROOT });
  packageVersion(versionN, join(work, 'n'));
  packageVersion(versionNext, join(work, 'next'));
}

const sha512 = (path: string): string =>
  createHash('sha512').update(readFileSync(path)).digest('base64');

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

export interface ServedFeed {
  /** `http://127.0.0.1:PORT/feed/`. */
  url: string;
  /** The public half of the key the feed is signed with, as the kiosk's config names it. */
  publicKey: string;
  /** N+1's AppImage, as the feed names it. */
  nextAppImage: string;
  /** Every path asked for, in order. */
  served: string[];
  close(): void;
}

/**
 * N+1's feed, signed as an operator signs it (npm run update:sign) with a key of this run,
 * and served: latest-linux.yml, its signature and the AppImage it names.
 */
export async function serveSignedFeed(work: string, versionNext: string): Promise<ServedFeed> {
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
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed/`,
    publicKey: rawPublicKey(privateKey),
    nextAppImage,
    served,
    close: () => server.close(),
  };
}

export interface InstalledKiosk {
  /** Version N's AppImage, where the update replaces it. */
  installed: string;
  logFile: string;
  env: NodeJS.ProcessEnv;
}

/** Version N, installed where it may replace itself, with its own userData and config. */
export function installVersionN(work: string, feed: ServedFeed): InstalledKiosk {
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
    JSON.stringify(kioskConfig(feed.url, new Date(), feed.publicKey)),
  );
  const logFile = join(userData, 'logs', 'kiosk.log');
  const env = { ...process.env, XDG_CONFIG_HOME: configHome, APPIMAGE_EXTRACT_AND_RUN: '1' };
  return { installed, logFile, env };
}

/**
 * Starts version N and waits, at most `deadlineMs`, until its AppImage is N+1's and its log
 * says it installed N+1 and started again. Stops the feed and every kiosk process after.
 */
export async function watchUpdate(
  kiosk: InstalledKiosk,
  feed: ServedFeed,
  versionNext: string,
  deadlineMs: number,
): Promise<boolean> {
  const { installed, logFile } = kiosk;
  const children: ChildProcess[] = [];
  const child = spawn(installed, [], { env: kiosk.env, stdio: 'inherit', detached: true });
  children.push(child);
  const wantedHash = sha512(feed.nextAppImage);
  const started = Date.now();
  try {
    while (Date.now() - started < deadlineMs) {
      await sleep(5000);
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      const replaced = sha512(installed) === wantedHash;
      const installing = log.indexOf(`Updates: installing ${versionNext}`);
      const restarted = installing >= 0 && log.indexOf('Kiosk starting', installing) > installing;
      if (replaced && restarted) return true;
    }
    return false;
  } finally {
    feed.close();
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
}
