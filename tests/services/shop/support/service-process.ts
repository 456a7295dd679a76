/**
 * The service as `npm run shop-service` runs it, in a child process (node with tsx, so the
 * pid is the service's own and SIGKILL reaches it), for the tests that kill and restart it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '../../../..');
const ENTRY = join(REPO_ROOT, 'services/shop/main.ts');

export interface ServiceProcess {
  child: ChildProcess;
  origin: string;
  output: () => string;
  /** SIGTERM, and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
}

/** Runs main.ts with `args` until it exits; its output and exit code. */
export function runEntry(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Starts the service and resolves once it prints its origin. */
export function startServiceProcess(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 120_000,
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the service did not start: ${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const origin = /^(https?:\/\/[^\s]+)$/m.exec(output)?.[1];
      if (origin === undefined) return;
      clearTimeout(timer);
      resolve({
        child,
        origin,
        output: () => output,
        async stop() {
          child.kill('SIGTERM');
          await exited(child);
        },
        async kill() {
          child.kill('SIGKILL');
          await exited(child);
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code}) before it listened: ${output}`));
    });
  });
}
