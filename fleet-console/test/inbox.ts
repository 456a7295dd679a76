/**
 * The broker worker's inbox as the console's unit tests drive it: its batches run when the
 * test says, and what it posted is kept, cloned as the browser would post it.
 */
import { createWorkerInbox, type WorkerInboxOptions } from '../connection/worker-inbox';
import type { ReadMessage } from '../protocol/read-message';
import { PREFIX } from './messages';

export const encode = (value: unknown) =>
  new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
export const topic = (rest: string) => `${PREFIX}/${rest}`;

export function testInbox(options: Partial<WorkerInboxOptions> = {}) {
  const posted: ReadMessage[] = [];
  const runs: (() => void)[] = [];
  const made = createWorkerInbox({
    prefix: PREFIX,
    post: (messages) => posted.push(...structuredClone(messages)),
    now: () => 5_000,
    schedule: (run) => runs.push(run),
    ...options,
  });
  const flush = () => {
    for (const run of runs.splice(0)) run();
  };
  return { inbox: made, posted, flush };
}
