/**
 * npm run package — builds the kiosk and packages it with electron-builder (installers in
 * release/). electron-builder fetches its own copy of Electron (from GitHub, or from
 * ELECTRON_MIRROR). With ELECTRON_OVERRIDE_DIST_PATH set it packages that unpacked Electron
 * instead (electronDist), for offline or in-house mirrored packaging. Extra arguments go
 * to electron-builder, e.g. `npm run package -- --publish never`.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../../tools/repo-root';
import { electronVersion } from '../../tools/launch/electron-binary';
import {
  builderArgs,
  looksLikeDownloadFailure,
  overrideProblem,
  packagingNeeds,
} from '../../tools/packaging/packaging-rules';

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
