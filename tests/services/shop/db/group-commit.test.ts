/**
 * Group commit: requests arriving while a batch runs go together in the next; each is
 * answered with its own result once its batch is done, the next batch already started; a
 * failed batch fails no request for another's sake.
 */
import { describe, expect, it } from 'vitest';
import { groupCommit } from '../../../../services/shop/db/group-commit';

const unavailable = () =>
  Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('groupCommit', () => {
  it('runs the first request in the next turn, and those arriving meanwhile together, in order', async () => {
    const batches: number[][] = [];
    const first = gate();
    const commits = groupCommit<number, string>({
      batch: async (items) => {
        batches.push([...items]);
        if (batches.length === 1) await first.opened;
        return items.map((item) => `r${item}`);
      },
      single: () => Promise.reject(new Error('not alone')),
    });
    const one = commits.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = [2, 3, 4].map((item) => commits.submit(item));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(batches).toEqual([[1]]);
    first.open();
    expect(await one).toBe('r1');
    expect(await Promise.all(rest)).toEqual(['r2', 'r3', 'r4']);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('starts the next batch before it answers the one that finished', async () => {
    const events: string[] = [];
    const first = gate();
    const commits = groupCommit<number, number>({
      batch: async (items) => {
        events.push(`batch ${items.join(',')}`);
        if (items[0] === 1) await first.opened;
        return [...items];
      },
      single: () => Promise.reject(new Error('not alone')),
    });
    const one = commits.submit(1).then((result) => events.push(`answered ${result}`));
    await new Promise((resolve) => setImmediate(resolve));
    const two = commits.submit(2).then((result) => events.push(`answered ${result}`));
    first.open();
    await Promise.all([one, two]);
    expect(events).toEqual(['batch 1', 'batch 2', 'answered 1', 'answered 2']);
  });

  it('never puts more than maxBatch in a batch', async () => {
    const sizes: number[] = [];
    const commits = groupCommit<number, number>({
      batch: async (items) => {
        sizes.push(items.length);
        await new Promise((resolve) => setTimeout(resolve, 1));
        return items.map((item) => item * 2);
      },
      single: () => Promise.reject(new Error('not alone')),
      maxBatch: 3,
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, item) => commits.submit(item)),
    );
    expect(results).toEqual(Array.from({ length: 10 }, (_, item) => item * 2));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(10);
  });

  it('runs each request of a failed batch alone, so each gets its own answer', async () => {
    const alone: number[] = [];
    const commits = groupCommit<number, string>({
      batch: () => Promise.reject(new Error('deadlock detected')),
      single: (item) => {
        alone.push(item);
        return item === 2
          ? Promise.reject(new Error('two is refused'))
          : Promise.resolve(`alone ${item}`);
      },
    });
    const answers = await Promise.allSettled([1, 2, 3].map((item) => commits.submit(item)));
    expect(answers).toEqual([
      { status: 'fulfilled', value: 'alone 1' },
      { status: 'rejected', reason: new Error('two is refused') },
      { status: 'fulfilled', value: 'alone 3' },
    ]);
    expect(alone.sort()).toEqual([1, 2, 3]);
  });

  it('tells every request of a batch the database could not be reached, retrying none', async () => {
    let alone = 0;
    const commits = groupCommit<number, string>({
      batch: () => Promise.reject(unavailable()),
      single: () => {
        alone += 1;
        return Promise.resolve('alone');
      },
    });
    const answers = await Promise.allSettled([1, 2].map((item) => commits.submit(item)));
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect(alone).toBe(0);
  });
});
