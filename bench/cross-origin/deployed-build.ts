/**
 * Our web build as deployed: VITE_CATALOGUE_URL unset, so it calls its default catalogue
 * host (shared/catalogue-url.ts) and states that host in its page policy, written to a
 * folder of its own so out/web (same-origin, what the e2e tests serve) stays as it is.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../tools/repo-root';

export const DEPLOYED_WEB_DIR = join(REPO_ROOT, 'out', 'web-deployed');

/** The environment of the build: the caller's, without a catalogue URL of its own. */
export function deployedBuildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const rest = { ...env };
  delete rest.VITE_CATALOGUE_URL;
  return rest;
}

export function buildDeployedWeb(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--config',
        'vite.web.config.mts',
        '--outDir',
        DEPLOYED_WEB_DIR,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { cwd: REPO_ROOT, env: deployedBuildEnv(process.env), stdio: 'inherit' },
    );
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`the deployed web build exited with ${code ?? 'a signal'}`));
    });
  });
}
