/**
 * electron-updater itself against a feed on 127.0.0.1: a real latest-linux.yml (with the
 * sha512 of a real file), signed with the fleet's key as `npm run update:sign` signs it,
 * read, compared and downloaded by its own AppImageUpdater, as the update machine drives
 * it. A feed without the fleet's signature, or offering a version under the minimum, is
 * refused before anything is downloaded. Only Electron is left out: an AppAdapter stands
 * in for `app`, and an HTTP executor on node:http for Electron's `net`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NsisUpdater } from 'electron-updater';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  autoUpdaterOf,
  prepareUpdater,
  signingConfig,
  SIGNING_CONFIG_FILE,
  type UpdaterSetup,
} from '../../../../electron/main/updates/electron-updater';
import { signedFeedProvider } from '../../../../electron/main/updates/signed-feed-provider';
import type { RunPowerShell } from '../../../../electron/main/updates/windows-signature';
import { signFeedFile } from '../../../../tools/updates/update-signing';
import { makeKeyPair } from '../../../support/fleet-keys';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopback-server';
import { fakeLogger } from '../../support/fake-electron';
import { latestLinuxYml, loopbackApp, LoopbackUpdater } from './support/loopback-updater';

const ARTIFACT = 'Kiosk Shop-1.1.0-x86_64.AppImage';
const OLD_ARTIFACT = 'Kiosk Shop-1.0.0-x86_64.AppImage';
const body = randomBytes(256 * 1024);
const oldBody = randomBytes(64 * 1024);

/** The fleet's key, which signs the feed; and another, which is not the fleet's. */
const fleetKey = makeKeyPair();
const strangerKey = makeKeyPair();

/** The feed, by path: the root follows the channel, versions/<v>/ holds each release. */
const feed = new Map<string, string | Buffer>();

/** A channel file and its signature, as `npm run update:sign` leaves them in the feed. */
function publishSigned(path: string, yml: string, key = fleetKey): void {
  const name = path.split('/').pop() ?? '';
  feed.set(path, yml);
  feed.set(`${path}.sig`, signFeedFile(name, Buffer.from(yml), key.privateKey));
}

/** Whether the kiosk asked the feed for any installer (a download began). */
const downloadsAsked = () => server.requests.some((path) => path.includes('.AppImage'));
let server: LoopbackServer;
let root: string;
const appImageBefore = process.env.APPIMAGE;

beforeAll(async () => {
  server = await startLoopbackServer((incoming, response) => {
    const path = decodeURIComponent(new URL(incoming.url ?? '/', 'http://x').pathname);
    const content = feed.get(path);
    if (content === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Length': Buffer.byteLength(content) }).end(content);
  });
  root = mkdtempSync(join(tmpdir(), 'kiosk-updater-'));
  // The running AppImage the update would replace (electron-updater requires it).
  process.env.APPIMAGE = join(root, 'running.AppImage');
  writeFileSync(process.env.APPIMAGE, oldBody);
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
  if (appImageBefore === undefined) delete process.env.APPIMAGE;
  else process.env.APPIMAGE = appImageBefore;
});

afterEach(() => {
  feed.clear();
  server.requests.length = 0;
});

let runs = 0;
/** A fresh kiosk of `version`, with the staging id that puts it at `rolloutShare` (0–1). */
function kiosk(version: string, rolloutShare = 0, setup: Partial<UpdaterSetup> = {}) {
  runs += 1;
  const app = loopbackApp(join(root, `run-${runs}`), version, rolloutShare);
  const userData = app.userDataPath;
  const log = fakeLogger();
  const updater = new LoopbackUpdater(app);
  const port = prepareUpdater(
    updater,
    {
      platform: 'linux',
      publisherName: '',
      feedPublicKey: fleetKey.publicText,
      minVersion: '',
      userDataDir: userData,
      writeFile: writeFileSync,
      log,
      ...setup,
    },
    signedFeedProvider,
  );
  if (!port) throw new Error('no updater on Linux');
  updater.disableDifferentialDownload = true;
  return { app, updater, port, log, feedUrl: `${server.origin}/feed/` };
}

function configure(
  port: ReturnType<typeof kiosk>['port'],
  url: string,
  { pinned = false, channel = 'latest' } = {},
): void {
  // As the update machine sets it up.
  port.autoDownload = false;
  port.autoInstallOnAppQuit = false;
  port.setFeedURL({ provider: 'generic', url, channel });
  port.channel = channel;
  port.allowDowngrade = pinned;
}

describe('electron-updater against a loopback feed', () => {
  it('finds the newer version in latest-linux.yml and downloads it, sha512-verified', async () => {
    publishSigned('/feed/latest-linux.yml', latestLinuxYml('1.1.0', ARTIFACT, body));
    feed.set(`/feed/${ARTIFACT}`, body);
    const { port, log, feedUrl } = kiosk('1.0.0');
    configure(port, feedUrl);
    const result = await port.checkForUpdates();
    expect(result).toMatchObject({ isUpdateAvailable: true, updateInfo: { version: '1.1.0' } });
    const progress: number[] = [];
    port.on('download-progress', ({ percent }) => progress.push(percent));
    const files = (await port.downloadUpdate()) as string[];
    expect(files).toHaveLength(1);
    expect(readFileSync(files[0] ?? '')).toEqual(body);
    expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/^Updater: /));
    expect(server.requests.some((path) => path.startsWith('/feed/latest-linux.yml'))).toBe(true);
  });

  it('refuses a download whose bytes do not match the feed sha512', async () => {
    const tampered = Buffer.from(body);
    tampered[1000] = (tampered[1000] ?? 0) ^ 0xff;
    publishSigned('/feed/latest-linux.yml', latestLinuxYml('1.1.0', ARTIFACT, body));
    feed.set(`/feed/${ARTIFACT}`, tampered);
    const { port, feedUrl } = kiosk('1.0.0');
    configure(port, feedUrl);
    await port.checkForUpdates();
    await expect(port.downloadUpdate()).rejects.toThrow(/sha512 checksum mismatch/);
  });

  it('sees no update when the feed holds the running version or an older one', async () => {
    publishSigned('/feed/latest-linux.yml', latestLinuxYml('1.1.0', ARTIFACT, body));
    const same = kiosk('1.1.0');
    configure(same.port, same.feedUrl);
    expect(await same.port.checkForUpdates()).toMatchObject({ isUpdateAvailable: false });
    const newer = kiosk('1.2.0');
    configure(newer.port, newer.feedUrl);
    expect(await newer.port.checkForUpdates()).toMatchObject({ isUpdateAvailable: false });
  });

  it('honours stagingPercentage: a kiosk inside the share updates, one outside waits', async () => {
    publishSigned(
      '/feed/latest-linux.yml',
      latestLinuxYml('1.1.0', ARTIFACT, body, 'stagingPercentage: 30'),
    );
    const inside = kiosk('1.0.0', 0.1);
    configure(inside.port, inside.feedUrl);
    expect(await inside.port.checkForUpdates()).toMatchObject({ isUpdateAvailable: true });
    const outside = kiosk('1.0.0', 0.9);
    configure(outside.port, outside.feedUrl);
    expect(await outside.port.checkForUpdates()).toMatchObject({ isUpdateAvailable: false });
  });

  it('rolls back to a pinned older version from versions/<pin>/ only with allowDowngrade', async () => {
    publishSigned(
      '/feed/versions/1.0.0/latest-linux.yml',
      latestLinuxYml('1.0.0', OLD_ARTIFACT, oldBody),
    );
    feed.set(`/feed/versions/1.0.0/${OLD_ARTIFACT}`, oldBody);
    const pinnedUrl = `${server.origin}/feed/versions/1.0.0/`;
    const refusing = kiosk('1.1.0');
    configure(refusing.port, pinnedUrl);
    expect(await refusing.port.checkForUpdates()).toMatchObject({ isUpdateAvailable: false });
    const pinned = kiosk('1.1.0');
    configure(pinned.port, pinnedUrl, { pinned: true });
    expect(await pinned.port.checkForUpdates()).toMatchObject({
      isUpdateAvailable: true,
      updateInfo: { version: '1.0.0' },
    });
    const files = (await pinned.port.downloadUpdate()) as string[];
    expect(readFileSync(files[0] ?? '')).toEqual(oldBody);
  });

  it('fails a check on a broken feed with an error, not a crash', async () => {
    publishSigned('/feed/latest-linux.yml', 'version: [not, a, version');
    const { port, feedUrl } = kiosk('1.0.0');
    configure(port, feedUrl);
    await expect(port.checkForUpdates()).rejects.toThrow();
    const missing = kiosk('1.0.0');
    configure(missing.port, `${server.origin}/nothing-here/`);
    await expect(missing.port.checkForUpdates()).rejects.toThrow(/404/);
  });
});

describe('the feed is trusted only with the fleet’s signature', () => {
  it('refuses an unsigned feed: no signature beside latest-linux.yml, no download', async () => {
    feed.set('/feed/latest-linux.yml', latestLinuxYml('1.1.0', ARTIFACT, body));
    feed.set(`/feed/${ARTIFACT}`, body);
    const { port, feedUrl } = kiosk('1.0.0');
    configure(port, feedUrl);
    await expect(port.checkForUpdates()).rejects.toThrow(
      /signature latest-linux\.yml\.sig could not be read/,
    );
    expect(server.requests.some((path) => path.startsWith('/feed/latest-linux.yml.sig'))).toBe(
      true,
    );
    expect(downloadsAsked()).toBe(false);
  });

  it('refuses a feed signed with another key, or changed after it was signed', async () => {
    publishSigned('/feed/latest-linux.yml', latestLinuxYml('1.1.0', ARTIFACT, body), strangerKey);
    feed.set(`/feed/${ARTIFACT}`, body);
    const foreign = kiosk('1.0.0');
    configure(foreign.port, foreign.feedUrl);
    await expect(foreign.port.checkForUpdates()).rejects.toThrow(
      /refusing the feed: latest-linux\.yml is not signed by the fleet's key/,
    );

    // Whoever serves the feed swaps in their own build and its sha512, keeping the signature.
    publishSigned('/feed/latest-linux.yml', latestLinuxYml('1.1.0', ARTIFACT, body));
    const evil = Buffer.from(body);
    evil[0] = (evil[0] ?? 0) ^ 0xff;
    feed.set('/feed/latest-linux.yml', latestLinuxYml('1.1.0', ARTIFACT, evil));
    feed.set(`/feed/${ARTIFACT}`, evil);
    const swapped = kiosk('1.0.0');
    configure(swapped.port, swapped.feedUrl);
    await expect(swapped.port.checkForUpdates()).rejects.toThrow(/not signed by the fleet's key/);
    expect(downloadsAsked()).toBe(false);
  });

  it('refuses a signed beta channel file served as the latest one', async () => {
    const yml = latestLinuxYml('1.1.0', ARTIFACT, body);
    feed.set('/feed/latest-linux.yml', yml);
    feed.set(
      '/feed/latest-linux.yml.sig',
      signFeedFile('beta-linux.yml', Buffer.from(yml), fleetKey.privateKey),
    );
    const { port, feedUrl } = kiosk('1.0.0');
    configure(port, feedUrl);
    await expect(port.checkForUpdates()).rejects.toThrow(/not signed by the fleet's key/);
  });

  it('refuses a signed feed that offers a version under the minimum app version', async () => {
    publishSigned('/feed/latest-linux.yml', latestLinuxYml('1.1.0', ARTIFACT, body));
    feed.set(`/feed/${ARTIFACT}`, body);
    const floored = kiosk('1.0.0', 0, { minVersion: '1.2.0' });
    configure(floored.port, floored.feedUrl);
    await expect(floored.port.checkForUpdates()).rejects.toThrow(
      /offers 1\.1\.0, older than the minimum app version 1\.2\.0/,
    );
    // A pin to an old build, however it was set, is refused the same way.
    publishSigned(
      '/feed/versions/1.0.0/latest-linux.yml',
      latestLinuxYml('1.0.0', OLD_ARTIFACT, oldBody),
    );
    feed.set(`/feed/versions/1.0.0/${OLD_ARTIFACT}`, oldBody);
    const pinned = kiosk('1.3.0', 0, { minVersion: '1.2.0' });
    configure(pinned.port, `${server.origin}/feed/versions/1.0.0/`, { pinned: true });
    await expect(pinned.port.checkForUpdates()).rejects.toThrow(/minimum app version 1\.2\.0/);
    expect(downloadsAsked()).toBe(false);
    // At or above the minimum it goes on as before.
    const fine = kiosk('1.0.0', 0, { minVersion: '1.1.0' });
    configure(fine.port, fine.feedUrl);
    expect(await fine.port.checkForUpdates()).toMatchObject({ isUpdateAvailable: true });
  });

  it('takes no updates at all without a key to check the feed with', () => {
    const log = fakeLogger();
    const updater = new LoopbackUpdater(kiosk('1.0.0').app);
    const port = prepareUpdater(
      updater,
      {
        platform: 'linux',
        publisherName: '',
        feedPublicKey: '',
        minVersion: '',
        userDataDir: root,
        writeFile: writeFileSync,
        log,
      },
      signedFeedProvider,
    );
    expect(port).toBeNull();
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('fleet.configPublicKey'));
  });

  it('reads no feed but a signed generic one', () => {
    const { port } = kiosk('1.0.0');
    expect(() => {
      port.setFeedURL(
        // What no caller of the port sends: a provider other than the signed generic one.
        { provider: 'github', url: 'https://example.invalid/', channel: 'latest' } as never,
      );
    }).toThrow(/only a generic feed/);
  });
});

describe('preparing the updater on Windows', () => {
  const FULL_SUBJECT = 'CN=Kiosk Shop Ltd, O=Kiosk Shop Ltd, L=London, C=GB';

  /** A real NsisUpdater, prepared as a Windows kiosk prepares it. */
  function windowsKiosk(publisherName: string, runPowerShell?: RunPowerShell, dir?: string) {
    const log = fakeLogger();
    const updater = new NsisUpdater(null, kiosk('1.0.0').app);
    const port = prepareUpdater(
      updater,
      {
        platform: 'win32',
        publisherName,
        feedPublicKey: fleetKey.publicText,
        minVersion: '',
        userDataDir: dir ?? mkdtempSync(join(root, 'win-')),
        writeFile: writeFileSync,
        log,
        ...(runPowerShell ? { runPowerShell } : {}),
      },
      signedFeedProvider,
    );
    return { updater, port, log };
  }

  /** electron-updater's own step after a download: the check of the installer's signature. */
  const verifyInstaller = (updater: NsisUpdater, file: string): Promise<string | null> =>
    (
      updater as unknown as { verifySignature(file: string): Promise<string | null> }
    ).verifySignature(file);

  it('takes no updates without a publisher to check them against', () => {
    const { port, log } = windowsKiosk('');
    expect(port).toBeNull();
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('update.publisherName'));
  });

  it('takes no updates with a bare name, which any certificate with that CN would match', () => {
    const { port, log } = windowsKiosk('Kiosk Shop Ltd');
    expect(port).toBeNull();
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('full subject'));
  });

  it('takes no updates when it cannot write the signing config', () => {
    const { port, log } = windowsKiosk(FULL_SUBJECT, undefined, join(root, 'missing', 'folder'));
    expect(port).toBeNull();
    expect(log.error).toHaveBeenCalledWith(expect.stringMatching(/^Updates: off\. Cannot write/));
  });

  it('names the publisher in the config electron-updater checks signatures by', () => {
    const dir = mkdtempSync(join(root, 'win-'));
    const { port } = windowsKiosk(FULL_SUBJECT, undefined, dir);
    expect(port).not.toBeNull();
    const written = readFileSync(join(dir, SIGNING_CONFIG_FILE), 'utf8');
    expect(written).toBe(signingConfig(FULL_SUBJECT));
    expect(written).toContain(`publisherName:\n  - "${FULL_SUBJECT}"`);
    expect(written).toContain('updaterCacheDirName: kiosk-shop-updater');
  });

  it('refuses an installer when the signature check cannot run (PowerShell blocked)', async () => {
    const blocked: RunPowerShell = () =>
      Promise.resolve({
        error: new Error('spawn powershell.exe ENOENT'),
        stdout: '',
        stderr: '',
      });
    const { updater } = windowsKiosk(FULL_SUBJECT, blocked);
    const installer = join(root, 'Kiosk Shop-Setup-1.1.0.exe');
    await expect(verifyInstaller(updater, installer)).resolves.toMatch(
      /the signature check could not run \(spawn powershell\.exe ENOENT\)/,
    );
  });

  it('takes an installer whose signer has the whole subject, and refuses one with the CN alone', async () => {
    const installer = join(root, 'Kiosk Shop-Setup-1.1.0.exe');
    const signedBy =
      (subject: string): RunPowerShell =>
      () =>
        Promise.resolve({
          error: null,
          stdout: JSON.stringify({
            Status: 0,
            Path: installer,
            SignerCertificate: { Subject: subject },
          }),
          stderr: '',
        });
    const good = windowsKiosk(FULL_SUBJECT, signedBy(FULL_SUBJECT));
    await expect(verifyInstaller(good.updater, installer)).resolves.toBeNull();
    const sameName = windowsKiosk(
      FULL_SUBJECT,
      signedBy('CN=Kiosk Shop Ltd, O=Someone Else, C=US'),
    );
    await expect(verifyInstaller(sameName.updater, installer)).resolves.toMatch(
      /not by update\.publisherName/,
    );
  });
});

describe('loading autoUpdater', () => {
  it("finds it on the default export too, where Node's import() of the CommonJS package puts it", async () => {
    const loaded: object = await import('electron-updater');
    // Read without calling the getter, which would need Electron's app.
    const fallback = (loaded as { default?: object }).default ?? {};
    expect(Object.getOwnPropertyDescriptor(fallback, 'autoUpdater')?.get).toBeTypeOf('function');
    const updater = new LoopbackUpdater(kiosk('1.0.0').app);
    expect(autoUpdaterOf({ default: { autoUpdater: updater } })).toBe(updater);
    expect(autoUpdaterOf({ autoUpdater: updater })).toBe(updater);
    expect(() => autoUpdaterOf({})).toThrow('electron-updater has no autoUpdater');
  });
});
