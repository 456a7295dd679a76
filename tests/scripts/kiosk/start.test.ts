/**
 * `npm start` on a fresh clone: it downloads Electron with Electron's own installer and
 * opens the kiosk, or, when the download fails, serves the kiosk to a browser instead: the
 * kiosk renderer with a stand-in bridge holding the config its flags chose, never out/web.
 * Both paths run for real in a copy of the project, against a stub Electron served by a
 * local mirror (GitHub is not needed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStubMirror, type StubMirror } from '../support/stub-electron-mirror';
import { createTempProject, REPO_ROOT } from '../support/temp-project';

const VERSION = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/electron/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const CUSTOM_DIR = `v${VERSION}`;

/** The stub Electron is a shell script and the archive is Linux's layout. */
const canRunStub = process.platform === 'linux';
if (!canRunStub) {
  console.log(
    `[npm start] download-and-launch test skipped: the stub Electron is a Linux shell script (this is ${process.platform})`,
  );
}

/** The environment of a new user: none of our CI's or a developer's Electron settings. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !/^(ELECTRON_|npm_config_electron_|electron_)/i.test(name),
  );
  return { ...Object.fromEntries(inherited), ...extra };
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function npmRun(script: string, cwd: string, args: string[], env: NodeJS.ProcessEnv): Run {
  const npmCli = process.env.npm_execpath;
  const npmArgs = ['run', script, '--', ...args];
  const [command, commandArgs] = npmCli
    ? [process.execPath, [npmCli, ...npmArgs]]
    : ['npm', npmArgs];
  const child = spawn(command, commandArgs, {
    cwd,
    env,
    detached: process.platform !== 'win32',
    shell: !npmCli && process.platform === 'win32',
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const run = { child, output: () => output, exited };
  started.push(run);
  return run;
}

/** Every run, so a test that times out cannot leave a server behind. */
const started: Run[] = [];

function stop(run: Run): void {
  const { child } = run;
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    if (process.platform === 'win32') spawn('taskkill', ['/pid', String(child.pid), '/T', '/F']);
    else process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

async function waitFor(run: Run, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(run.output());
    if (match) return match;
    if (run.child.exitCode !== null) throw new Error(`npm start exited:\n${run.output()}`);
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${pattern}:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The exit code; fails at once (stopping the server) if it fell back to the browser shop. */
async function exitWithoutFallback(run: Run): Promise<number | null> {
  for (;;) {
    if (run.child.exitCode !== null) return run.exited;
    if (/running at/.test(run.output())) {
      stop(run);
      await run.exited;
      throw new Error(`npm start fell back to the browser shop:\n${run.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A loopback port nobody listens on: a mirror that cannot be reached. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('npm start on a fresh clone', () => {
  let project: string;

  beforeAll(() => {
    project = createTempProject();
  });
  afterAll(() => {
    started.forEach(stop);
    rmSync(project, { recursive: true, force: true });
  });

  describe.runIf(canRunStub)('when Electron can be downloaded', () => {
    let mirror: StubMirror;
    beforeAll(async () => {
      mirror = await startStubMirror({
        version: VERSION,
        customDir: CUSTOM_DIR,
        platform: process.platform,
        arch: process.arch,
      });
    });
    afterAll(() => mirror.close());

    it('downloads Electron through its installer and launches it with the built kiosk', async () => {
      const record = join(project, 'stub-electron-args.txt');
      const cache = join(project, '.electron-cache');
      mkdirSync(cache);
      const run = npmRun(
        'start',
        project,
        ['--windowed'],
        cleanEnv({
          ELECTRON_MIRROR: mirror.url,
          ELECTRON_CUSTOM_DIR: CUSTOM_DIR,
          electron_use_remote_checksums: '1',
          electron_config_cache: cache,
          STUB_ELECTRON_RECORD: record,
        }),
      );
      const code = await exitWithoutFallback(run);
      const output = run.output();
      expect(code, output).toBe(0);
      expect(output).toContain(`Downloading Electron ${VERSION} from ${mirror.url}${CUSTOM_DIR}`);
      expect(mirror.requests).toEqual(
        expect.arrayContaining([
          `/${CUSTOM_DIR}/electron-v${VERSION}-${process.platform}-${process.arch}.zip`,
          `/${CUSTOM_DIR}/SHASUMS256.txt`,
        ]),
      );
      expect(readFileSync(join(project, 'node_modules/electron/path.txt'), 'utf8')).toBe(
        'electron',
      );
      // The stub ran from the project root with the app entry and the kiosk's own flag.
      const [cwd, ...args] = readFileSync(record, 'utf8').trimEnd().split('\n');
      expect(cwd).toBe(project);
      expect(args).toEqual(['.', '--windowed']);
      expect(existsSync(join(project, 'out/main/index.js'))).toBe(true);
      expect(existsSync(join(project, 'out/preload/index.js'))).toBe(true);
      expect(existsSync(join(project, 'out/renderer/index.html'))).toBe(true);
      expect(output).not.toMatch(/running at|Could not download/);
    }, 180_000);

    it('npm run dev finds the downloaded binary and launches it with the dev build', async () => {
      const record = join(project, 'stub-electron-dev-args.txt');
      const run = npmRun(
        'dev',
        project,
        ['--windowed'],
        cleanEnv({ STUB_ELECTRON_RECORD: record }),
      );
      const code = await exitWithoutFallback(run);
      expect(code, run.output()).toBe(0);
      expect(run.output()).not.toContain('Downloading Electron');
      const [cwd, ...args] = readFileSync(record, 'utf8').trimEnd().split('\n');
      expect(cwd).toBe(project);
      expect(args).toEqual(['.', '--windowed']);
    }, 120_000);
  });

  describe('when Electron cannot be downloaded', () => {
    let unreachable: string;
    beforeAll(async () => {
      unreachable = `http://127.0.0.1:${await closedPort()}/`;
      rmSync(join(project, 'node_modules/electron/dist'), { recursive: true, force: true });
      rmSync(join(project, 'node_modules/electron/path.txt'), { force: true });
    });

    it('says why in one line and serves the kiosk to a browser instead, with its flags', async () => {
      const run = npmRun(
        'start',
        project,
        ['--languages=fr,en', '--idle-timeout=45', '--fleet-broker=mqtt://127.0.0.1:1883'],
        cleanEnv({ ELECTRON_MIRROR: unreachable }),
      );
      try {
        const [, origin] = await waitFor(run, /running at (http:\/\/[\d.]+:\d+)\//, 150_000);
        const output = run.output();
        expect(output.match(/Could not download Electron/g)).toHaveLength(1);
        expect(output).toMatch(
          new RegExp(
            `Could not download Electron ${VERSION.replaceAll('.', '\\.')} from http://127\\.0\\.0\\.1:\\d+`,
          ),
        );
        const page = await fetch(`${origin}/`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toContain('text/html');
        const html = await page.text();
        expect(html).toContain('<div id="root"></div>');
        expect(html).toContain('<script src="/kiosk-bridge.js"></script>');
        const catalogue = await fetch(`${origin}/api/products`);
        expect(catalogue.status).toBe(200);
        expect(((await catalogue.json()) as unknown[]).length).toBeGreaterThan(0);
        // The page's flags reach it; the one only Electron can honour is named, once.
        const bridge = await (await fetch(`${origin}/kiosk-bridge.js`)).text();
        expect(bridge).toContain('"languages":["fr","en"]');
        expect(bridge).toContain('"idleTimeoutSeconds":45');
        expect(bridge).toContain(`"catalogueUrl":"${origin}/api"`);
        expect(output.match(/cannot honour --fleet-broker:/g)).toHaveLength(1);
        expect(output).not.toMatch(/cannot honour[^\n]*(languages|idle-timeout)/);
        expect(existsSync(join(project, 'out/renderer/index.html'))).toBe(true);
        expect(existsSync(join(project, 'out/web'))).toBe(false);
      } finally {
        stop(run);
        await run.exited;
      }
    }, 180_000);

    it('npm run dev serves the web shop with hot reload instead', async () => {
      const run = npmRun('dev', project, [], cleanEnv({ ELECTRON_MIRROR: unreachable }));
      try {
        const [, url] = await waitFor(
          run,
          /running at (http:\/\/\S+\/) \(catalogue (\S+)\)/,
          120_000,
        );
        expect(run.output().match(/Could not download Electron/g)).toHaveLength(1);
        const page = await fetch(url!);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<div id="root"></div>');
      } finally {
        stop(run);
        await run.exited;
      }
    }, 150_000);

    it('exits non-zero with --no-fallback instead of serving', async () => {
      const run = npmRun(
        'start',
        project,
        ['--no-fallback'],
        cleanEnv({ ELECTRON_MIRROR: unreachable }),
      );
      const code = await run.exited;
      expect(code).not.toBe(0);
      expect(run.output()).toContain('Could not download Electron');
      expect(run.output()).not.toContain('running at');
    }, 60_000);

    it('does not download when ELECTRON_SKIP_BINARY_DOWNLOAD is set', async () => {
      const run = npmRun(
        'start',
        project,
        ['--no-fallback'],
        cleanEnv({ ELECTRON_MIRROR: unreachable, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }),
      );
      expect(await run.exited).not.toBe(0);
      expect(run.output()).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD is set');
      expect(run.output()).not.toContain('Downloading Electron');
    }, 60_000);
  });
});
