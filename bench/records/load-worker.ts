/**
 * The load's own thread (records-load.ts starts it): it runs the plan it is given
 * (load-run.ts), says when the warm-up ends, and gives back what it measured.
 */
import { parentPort } from 'node:worker_threads';
import { executeLoad, type LoadPlan } from './load-run';

export type FromLoadWorker =
  | { kind: 'warm' }
  | { kind: 'done'; run: Awaited<ReturnType<typeof executeLoad>> }
  | { kind: 'failed'; message: string };

const port = parentPort;
port?.once('message', (plan: LoadPlan) => {
  const say = (message: FromLoadWorker) => port.postMessage(message);
  executeLoad(plan, () => say({ kind: 'warm' })).then(
    (run) => say({ kind: 'done', run }),
    (error: unknown) => say({ kind: 'failed', message: String(error) }),
  );
});
