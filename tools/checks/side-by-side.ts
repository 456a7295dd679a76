/**
 * Runs commands at the same time and says how each ended: each one's output is kept and
 * printed whole when it ends (never interleaved line by line), with its time, and the run
 * fails when any of them fails. The static checks are each one single-threaded process
 * (TypeScript, ESLint, Prettier), so on a machine of two or more cores they take the time of
 * the longest instead of the sum.
 */
import { spawn } from 'node:child_process';

export interface Job {
  name: string;
  command: string;
  args: readonly string[];
}

export interface JobResult {
  name: string;
  code: number;
  ms: number;
  output: string;
}

function run(job: Job, cwd: string): Promise<JobResult> {
  const started = Date.now();
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    const child = spawn(job.command, job.args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = (code: number, extra = ''): void =>
      done({
        name: job.name,
        code,
        ms: Date.now() - started,
        output: Buffer.concat(chunks).toString('utf8') + extra,
      });
    child.once('error', (error) => finish(127, `${error.message}\n`));
    child.once('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

/** Runs every job at once; prints each as it ends; resolves to 0 when all passed, else 1. */
export async function runSideBySide(
  jobs: readonly Job[],
  options: { cwd: string; say?: (text: string) => void },
): Promise<number> {
  const say = options.say ?? ((text: string) => process.stdout.write(text));
  const results = await Promise.all(
    jobs.map(async (job) => {
      const result = await run(job, options.cwd);
      const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
      say(`\n> ${job.name}: ${verdict} in ${(result.ms / 1000).toFixed(1)} s\n${result.output}`);
      return result;
    }),
  );
  const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
  if (failed.length > 0) say(`\nchecks failed: ${failed.join(', ')}\n`);
  return failed.length === 0 ? 0 : 1;
}
