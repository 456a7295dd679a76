/**
 * The feed's stream itself: it opens with an `open` event, sends each event with its id,
 * passes over the events it does not show without stalling on them, says it is alive when
 * quiet, ends after its longest time and at the first failed read (the page reconnects),
 * and refuses a start that is not a move id.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { changeFeed, type FeedEvent } from '../../../../services/shop/moves/change-feed';
import { HttpError } from '../../../../services/shop/http/http-error';
import { readStream } from '../support/orders';

function appWith(read: (after: number) => Promise<FeedEvent[]>, maxStreamMs = 60_000) {
  const app = new Hono();
  app.get('/feed', (c) =>
    changeFeed(c, { event: 'change', read, pollMs: 10, heartbeatMs: 50, maxStreamMs }),
  );
  app.onError((error, c) =>
    error instanceof HttpError ? c.json(error.body(), error.status) : c.text('boom', 500),
  );
  return app;
}

describe('the change feed', () => {
  it('sends what follows the start, skips what it does not show, and stays alive', async () => {
    const asked: number[] = [];
    const app = appWith((after) => {
      asked.push(after);
      if (after === 5)
        return Promise.resolve([
          { id: 6, data: null },
          { id: 7, data: { n: 7 } },
        ]);
      return Promise.resolve([]);
    });
    const response = await app.request('/feed?after=5');
    const { events, text } = await readStream(response, (all) => all.length >= 2, 2000);
    expect(events).toEqual([
      { event: 'open', id: null, data: '{"after":5}' },
      { event: 'change', id: '7', data: '{"n":7}' },
    ]);
    const more = await readStream(await app.request('/feed?after=7'), () => false, 300);
    expect(more.text).toContain(': still here');
    expect(asked).toContain(7);
    expect(text).not.toContain('"id":6');
  });

  it('ends at its longest time and at a failed read', async () => {
    const timed = appWith(() => Promise.resolve([]), 100);
    const began = Date.now();
    await readStream(await timed.request('/feed'), () => false, 5000);
    expect(Date.now() - began).toBeLessThan(3000);
    const failing = appWith(() => Promise.reject(new Error('database gone')));
    const failed = await readStream(await failing.request('/feed'), () => false, 5000);
    expect(failed.events).toHaveLength(1);
    expect((await timed.request('/feed?after=-1')).status).toBe(400);
    expect((await timed.request('/feed?after=1e5')).status).toBe(400);
  });
});
