/**
 * electron-updater's own AppImageUpdater against a feed on 127.0.0.1, with only Electron
 * left out: an AppAdapter stands in for `app`, and an HTTP executor on node:http for
 * Electron's `net`. What the updater's tests and the version rollout's tests share.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:http';
import { join } from 'node:path';
import { AppImageUpdater } from 'electron-updater';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { vi } from 'vitest';
import { as } from '../../../support/fake-electron';

/** Electron's net stood in for by node:http; downloads go through electron-updater's code. */
class NodeHttpExecutor extends ElectronHttpExecutor {
  override createRequest(
    options: Record<string, unknown>,
    callback: (response: IncomingMessage) => void,
  ): ReturnType<ElectronHttpExecutor['createRequest']> {
    // node:http's request has every part of Electron's ClientRequest the executor uses.
    return as<ReturnType<ElectronHttpExecutor['createRequest']>>(request(options, callback));
  }
}

/** An AppImageUpdater for the app `app` stands in for. */
export class LoopbackUpdater extends AppImageUpdater {
  constructor(app: AppAdapter) {
    super(null, app);
    // electron-updater builds its executor from Electron's net only when it makes the app.
    Object.assign(this, { httpExecutor: new NodeHttpExecutor() });
  }
}

export const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

/** What electron-builder writes for a Linux AppImage (electron-builder 26). */
export function latestLinuxYml(version: string, file: string, bytes: Buffer, extra = ''): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${sha512(bytes)}`,
    `    size: ${bytes.length}`,
    `path: ${file}`,
    `sha512: ${sha512(bytes)}`,
    `releaseDate: '2026-11-23T10:00:00.000Z'`,
    extra,
  ].join('\n');
}

/**
 * The `app` of a kiosk of `version` in `dir`, with the staging id that puts it at
 * `rolloutShare` (0–1) of a channel file's stagingPercentage.
 */
export function loopbackApp(dir: string, version: string, rolloutShare = 0): AppAdapter {
  const userData = join(dir, 'userData');
  mkdirSync(userData, { recursive: true });
  // electron-updater reads a kiosk's place in a staged rollout from the id's last 4 bytes.
  const tail = Math.min(0xffffffff, Math.round(rolloutShare * 0xffffffff))
    .toString(16)
    .padStart(8, '0');
  writeFileSync(join(userData, '.updaterId'), `0f3a6c2e-9b1d-4c7e-8a5f-1234${tail}`);
  const appUpdateYml = join(dir, 'app-update.yml');
  writeFileSync(
    appUpdateYml,
    'provider: generic\nurl: https://updates.invalid/\nupdaterCacheDirName: kiosk-shop-updater\n',
  );
  return {
    version,
    name: 'Kiosk Shop',
    isPackaged: true,
    appUpdateConfigPath: appUpdateYml,
    userDataPath: userData,
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: vi.fn(),
    quit: vi.fn(),
    onQuit: vi.fn(),
  };
}
