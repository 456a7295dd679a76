/**
 * Runs one of scripts/ as `npm run …` does (tsx, from the project root), asynchronously so a
 * fake server in the test's own process can answer it.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './temp-project';

const TSX = join(
  REPO_ROOT,
  'node_modules',
  '.bin',
  process.platform === 'win32' ? 'tsx.cmd' : 'tsx',
);

export interface ScriptRun {
  status: number;
  stdout: string;
  stderr: string;
}

export function runScript(
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<ScriptRun> {
  return new Promise((done) => {
    execFile(
      TSX,
      [join('scripts', script), ...args],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, npm_config_registry: undefined, ...env },
        shell: process.platform === 'win32',
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = (error as { code?: unknown } | null)?.code;
        done({ status: typeof code === 'number' ? code : error ? -1 : 0, stdout, stderr });
      },
    );
  });
}
