// @vitest-environment node
/**
 * A screen's feed of orders: a snapshot, then the changes after its last move, each read
 * through its schema; a stream that ends or stalls is followed by "reconnecting", a new
 * snapshot and a new stream from it, by itself; a 401 ends it. Random and mutated events
 * are never handed on unless they read as changes, and never make it throw.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzParameters,
  hostilePayload,
} from '../../tests/support/fixtures/hostile-payloads';
import { startOrderFeed, type FeedOptions, type FeedStatus, type OrderFeed } from './order-feed';

const snapshotSchema = z.object({ lastMoveId: z.int(), names: z.array(z.string()) });
const changeSchema = z.object({ name: z.string().max(10) });
type Snapshot = z.infer<typeof snapshotSchema>;
type Change = z.infer<typeof changeSchema>;

const feeds: OrderFeed[] = [];
afterEach(() => {
  for (const feed of feeds.splice(0)) feed.stop();
});

const streamOf = (text: string, keepOpen = false) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        if (!keepOpen) controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );

function watch(
  respond: (url: string, count: number) => Response,
  extra: Partial<FeedOptions<Snapshot, Change>> = {},
) {
  const seen = {
    urls: [] as string[],
    snapshots: [] as Snapshot[],
    changes: [] as [Change, number][],
    statuses: [] as FeedStatus[],
  };
  const fetch = (url: string) => {
    seen.urls.push(url);
    return Promise.resolve(respond(url, seen.urls.length));
  };
  feeds.push(
    startOrderFeed<Snapshot, Change>({
      base: 'http://shop',
      token: 'tok',
      snapshotPath: '/orders/open',
      changesPath: '/orders/changes',
      snapshotSchema,
      changeSchema,
      lastMoveIdOf: (snapshot) => snapshot.lastMoveId,
      onSnapshot: (snapshot) => seen.snapshots.push(snapshot),
      onChange: (change, id) => seen.changes.push([change, id]),
      onStatus: (status) => seen.statuses.push(status),
      fetch: fetch as unknown as typeof globalThis.fetch,
      firstWaitMs: 10,
      maxWaitMs: 40,
      ...extra,
    }),
  );
  return seen;
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a screen’s order feed', () => {
  it('reads a snapshot, follows from its last move, and reconnects by itself when the stream ends', async () => {
    let snapshots = 0;
    const seen = watch((url) => {
      if (url.includes('/orders/open')) {
        snapshots += 1;
        return Response.json({ lastMoveId: 10 * snapshots, names: [] });
      }
      return streamOf(
        'event: open\ndata: {}\n\nevent: change\nid: 11\ndata: {"name":"a"}\n\n' +
          'event: change\nid: 12\ndata: {"name":"far too long a name"}\n\n' +
          'event: change\nid: x\ndata: {"name":"b"}\n\nevent: change\nid: 13\ndata: {bad\n\n',
      );
    });
    await until(() => seen.snapshots.length >= 2);
    expect(seen.urls.slice(0, 3)).toEqual([
      'http://shop/orders/open',
      'http://shop/orders/changes?after=10',
      'http://shop/orders/open',
    ]);
    expect(seen.changes[0]).toEqual([{ name: 'a' }, 11]);
    expect(seen.changes.every(([change]) => change.name === 'a')).toBe(true);
    expect(seen.statuses.slice(0, 3)).toEqual(['connecting', 'live', 'reconnecting']);
  });

  it('keeps trying while the service is away, and stops at a 401', async () => {
    const seen = watch((_url, count) =>
      count < 4 ? new Response('', { status: 503 }) : new Response('', { status: 401 }),
    );
    await until(() => seen.statuses.includes('signed-out'));
    expect(seen.statuses.filter((status) => status === 'reconnecting')).toHaveLength(3);
    const calls = seen.urls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.urls).toHaveLength(calls);
  });

  it('gives up a stream that says nothing, and opens another', async () => {
    const seen = watch(
      (url) =>
        url.includes('/orders/open')
          ? Response.json({ lastMoveId: 1, names: [] })
          : streamOf('event: open\ndata: {}\n\n', true),
      { stallMs: 50 },
    );
    await until(() => seen.snapshots.length >= 2);
    expect(seen.statuses).toContain('reconnecting');
  });

  it(
    'hands on only what reads as a change, whatever the stream carries',
    async () => {
      await fc.assert(
        fc.asyncProperty(hostilePayload(['{"name":"ok"}']), async (bytes) => {
          const text = new TextDecoder().decode(bytes).replace(/[\r\n]/g, ' ');
          const seen = watch((url) =>
            url.includes('/orders/open')
              ? Response.json({ lastMoveId: 1, names: [] })
              : streamOf(`event: open\ndata: {}\n\nevent: change\nid: 2\ndata: ${text}\n\n`),
          );
          await until(() => seen.statuses.includes('reconnecting'));
          feeds.splice(0).forEach((feed) => feed.stop());
          for (const [change] of seen.changes)
            expect(changeSchema.safeParse(change).success).toBe(true);
        }),
        fuzzParameters(60),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
