/**
 * npm run package — builds the kiosk and packages it with electron-builder (installers in
 * release/). Where electron-builder would fetch Electron from a host this machine cannot
 * resolve, it says what it needs in one line before building anything (the usage below).
 */
import { spawn } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../../tools/repo-root';
import { electronVersion } from '../../tools/launch/electron-binary';
import {
  builderArgs,
  electronDownloadHost,
  looksLikeDownloadFailure,
  overrideProblem,
  packagingNeeds,
} from '../../tools/packaging/packaging-rules';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm run package [-- electron-builder flags]

Builds the kiosk and packages it with electron-builder: a Linux AppImage and deb and a
Windows nsis installer in release/. Extra arguments go to electron-builder, e.g.
npm run package -- --publish never.

electron-builder fetches its own copy of Electron: from github.com, from ELECTRON_MIRROR,
from its cache, or, with ELECTRON_OVERRIDE_DIST_PATH set to an unpacked Electron, none.
When none of these can work it says so in one line before building anything.`);

/** Whether `host` resolves within a few seconds: a machine offline cannot fetch Electron. */
async function resolves(host: string): Promise<boolean> {
  const answer = lookup(host).then(
    () => true,
    () => false,
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((done) => {
    timer = setTimeout(() => done(false), 5000);
  });
  const result = await Promise.race([answer, late]);
  clearTimeout(timer);
  return result;
}

function runBuilder(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((done) => {
    const bin = join(REPO_ROOT, 'node_modules', '.bin', 'electron-builder');
    const child = spawn(bin, args, {
      cwd: REPO_ROOT,
      stdio: ['inherit', 'inherit', 'pipe'],
      shell: process.platform === 'win32',
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    child.on('error', (error) => done({ code: 1, stderr: error.message }));
    child.on('close', (code) => done({ code: code ?? 1, stderr }));
  });
}

async function main(): Promise<number> {
  const version = electronVersion(REPO_ROOT) ?? 'unknown';
  const problem = overrideProblem(process.env);
  if (problem) {
    console.error(`package: ${problem}`);
    console.error(packagingNeeds(version));
    return 1;
  }
  const host = electronDownloadHost(version, process.env, homedir());
  if (host !== null && !(await resolves(host))) {
    console.error(`package: cannot reach ${host} to get Electron. ${packagingNeeds(version)}`);
    return 1;
  }
  const { build } = await import('electron-vite');
  await build({
    configFile: resolve(REPO_ROOT, 'electron.vite.config.ts'),
    root: REPO_ROOT,
    logLevel: 'warn',
  });
  const { code, stderr } = await runBuilder(builderArgs(process.env, process.argv.slice(2)));
  if (code !== 0) {
    console.error(
      looksLikeDownloadFailure(stderr)
        ? `package: electron-builder could not get Electron. ${packagingNeeds(version)}`
        : `package: electron-builder failed (exit ${code}).`,
    );
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
