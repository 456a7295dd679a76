/**
 * The broker worker's inbox, the console's boundary: every topic's byte limit before any
 * decoding, a reader that throws or a batch the browser cannot post costing only what they
 * touch. Every topic the console reads is fuzzed through it and the features' folds in
 * app/session-features.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_HEALTH } from '../../tests/support/fixtures/kiosk-health';
import { onlineStatus } from '../../tests/support/fixtures/kiosk-status';
import type { ReadMessage } from '../protocol/read-message';
import { encode, testInbox as inbox, topic } from '../test/inbox';
import { PREFIX } from '../test/messages';
import { createWorkerInbox, POST_SIZE } from './worker-inbox';

describe('the broker worker’s inbox', () => {
  it('reads a config no kiosk could take as malformed: 1e400 is Infinity, nesting too deep', () => {
    const { inbox: box, posted, flush } = inbox();
    const bound = `"prefix":"${PREFIX}","notAfter":"2099-01-01T00:00:00.000Z"`;
    const envelope = (config: string) =>
      `{"config":{${bound},${config.slice(1)},"signature":"${'A'.repeat(86)}"}`;
    box.receive(
      topic('fleet/config'),
      encode(envelope('{"version":4,"target":"all","x":1}')),
      true,
    );
    box.receive(
      topic('fleet/config'),
      encode(envelope('{"version":4,"target":"all","x":1e400}')),
      true,
    );
    const deep = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`;
    box.receive(
      topic('fleet/config'),
      encode(envelope(`{"version":4,"target":"all","x":${deep}}`)),
      true,
    );
    flush();
    expect(posted.map((read) => read.kind === 'config' && read.envelope !== null)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('counts a message its reader fails on as ignored, and goes on', () => {
    const {
      inbox: box,
      posted,
      flush,
    } = inbox({
      read: (_prefix, message) => {
        if (message.topic.endsWith('/health'))
          throw new RangeError('Maximum call stack size exceeded');
        return { kind: 'ignored', retained: false, receivedAt: 1 };
      },
    });
    expect(() => box.receive(topic('kiosks/k1/health'), encode({}), false)).not.toThrow();
    box.receive(topic('kiosks/k1/status'), encode({}), false);
    flush();
    expect(posted.map((read) => read.kind)).toEqual(['ignored', 'ignored']);
  });

  it('posts message by message when the browser cannot post a batch, losing only what cannot be posted', () => {
    const posted: ReadMessage[] = [];
    const runs: (() => void)[] = [];
    const box = createWorkerInbox({
      prefix: PREFIX,
      post: (messages) => {
        if (messages.some((read) => read.kind === 'status')) {
          throw new DOMException('could not be cloned', 'DataCloneError');
        }
        posted.push(...messages);
      },
      schedule: (run) => runs.push(run),
    });
    box.receive(topic('kiosks/k1/health'), encode(SAMPLE_HEALTH), false);
    box.receive(topic('kiosks/k1/status'), encode(onlineStatus()), false);
    for (const run of runs.splice(0)) run();
    expect(posted.map((read) => read.kind)).toEqual(['health', 'ignored']);
  });

  it('gives the worker each round once, every message in it, even when posted one by one', () => {
    const kept: ReadMessage[][] = [];
    const { inbox: box, flush } = inbox({
      post: (messages) => {
        if (messages.length > 1) throw new DOMException('could not be cloned', 'DataCloneError');
      },
      keep: (messages) => kept.push([...messages]),
    });
    box.receive(topic('kiosks/k1/health'), encode(SAMPLE_HEALTH), false);
    box.receive(topic('kiosks/k1/status'), encode(onlineStatus()), false);
    flush();
    expect(kept.map((round) => round.map((read) => read.kind))).toEqual([['health', 'status']]);
  });

  it('posts to the page even when what the worker keeps fails', () => {
    const {
      inbox: box,
      posted,
      flush,
    } = inbox({
      keep: () => {
        throw new Error('the worker’s own fold failed');
      },
    });
    box.receive(topic('kiosks/k1/status'), encode(onlineStatus()), false);
    flush();
    expect(posted.map((read) => read.kind)).toEqual(['status']);
  });

  it('posts one batch per period, however many messages came', () => {
    const schedule = vi.fn();
    const box = createWorkerInbox({ prefix: PREFIX, post: vi.fn(), schedule });
    for (let index = 0; index < 50; index += 1) {
      box.receive(topic('kiosks/k1/status'), encode(onlineStatus()), false);
    }
    expect(schedule).toHaveBeenCalledTimes(1);
  });

  it('posts a burst in posts of at most POST_SIZE, every message once and in order', () => {
    const posts: ReadMessage[][] = [];
    const runs: (() => void)[] = [];
    const box = createWorkerInbox({
      prefix: PREFIX,
      post: (messages) => posts.push(messages),
      schedule: (run) => runs.push(run),
    });
    const count = POST_SIZE * 3 + 7;
    for (let index = 0; index < count; index += 1) {
      box.receive(topic(`kiosks/k${index}/status`), encode(onlineStatus()), false);
    }
    for (const run of runs.splice(0)) run();
    expect(posts.map((post) => post.length)).toEqual([POST_SIZE, POST_SIZE, POST_SIZE, 7]);
    expect(posts.flat().map((read) => (read.kind === 'status' ? read.kioskId : ''))).toEqual(
      Array.from({ length: count }, (_, index) => `k${index}`),
    );
  });
});
