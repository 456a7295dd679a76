/**
 * The broker worker's inbox, the console's boundary: every topic's byte limit before any
 * decoding, a reader that throws or a batch the browser cannot post costing only what they
 * touch, and a bounded fast-check fuzz of every topic the console reads, through the inbox
 * and the page's fold, after which the console still shows a kiosk that comes online.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { DIAGNOSTICS_MESSAGE_LIMIT, MESSAGE_LIMITS } from '@shared/fleet/message-limits';
import { splitIntoChunks } from '@shared/fleet/diagnostics-transfer';
import { signedConfigSchema } from '@shared/fleet/payloads';
import {
  fuzzParameters,
  hostilePayload,
  jsonOfSize,
} from '../../tests/support/fixtures/hostile-payloads';
import { SAMPLE_HEALTH } from '../../tests/support/fixtures/kiosk-health';
import { onlineStatus, SAMPLE_PUBLIC_KEY } from '../../tests/support/fixtures/kiosk-status';
import { emptyFleet, foldMessages, type FleetState } from '../fleet/fleet-state';
import type { ReadMessage } from '../fleet/read-message';
import { PREFIX } from '../test/messages';
import { createWorkerInbox, type WorkerInboxOptions } from './worker-inbox';

/** A real chunk of a small bundle: a seed the fuzz mutates. */
const DIAGNOSTICS_CHUNK = splitIntoChunks(new Uint8Array([31, 139, 8, 0, 1, 2, 3]), {
  transfer: 'transfer-1',
  command: 'c-1',
  sha256: 'a'.repeat(64),
})[0];

const encode = (value: unknown) =>
  new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const topic = (rest: string) => `${PREFIX}/${rest}`;

/** An inbox whose batches run when the test says, and what it posted. */
function inbox(options: Partial<WorkerInboxOptions> = {}) {
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

describe('the broker worker’s inbox', () => {
  it('reads each message against its topic’s byte limit before decoding it', () => {
    const { inbox: box, posted, flush } = inbox();
    const health = { ...SAMPLE_HEALTH, lastError: 'x'.repeat(300) };
    box.receive(topic('kiosks/k1/health'), encode(health), false);
    // 300 KB of health: below the broker's limit, far above health's own.
    box.receive(topic('kiosks/k1/health'), jsonOfSize(300 * 1024), true);
    box.receive(topic('kiosks/k1/status'), jsonOfSize(MESSAGE_LIMITS.status + 1), true);
    box.receive(topic('kiosks/k1/acks'), jsonOfSize(MESSAGE_LIMITS.acks + 1), false);
    box.receive(topic('fleet/config'), jsonOfSize(MESSAGE_LIMITS.config + 1), true);
    const png = new Uint8Array(MESSAGE_LIMITS.screenshot + 1);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    box.receive(topic('kiosks/k1/screenshot'), png, true);
    flush();
    expect(posted.map((read) => read.kind)).toEqual([
      'health',
      'health',
      'status',
      'ack',
      'config',
      'ignored',
    ]);
    expect(posted[0]).toMatchObject({ health: { lastError: 'x'.repeat(300) } });
    expect(posted.slice(1, 5)).toEqual([
      expect.objectContaining({ health: null }),
      expect.objectContaining({ status: null }),
      expect.objectContaining({ ack: null }),
      expect.objectContaining({ envelope: null }),
    ]);
    const state = foldMessages(emptyFleet(), posted);
    expect(state.ignored).toBe(4);
    expect(state.screenshot).toBeNull();
    // The health that fitted is kept; the large one after it changed nothing.
    expect(state.kiosks.get('k1')?.health?.lastError).toBe('x'.repeat(300));
  });

  it('reads a diagnostics chunk on a kiosk’s own topic, and one over its limit as malformed', () => {
    const { inbox: box, posted, flush } = inbox();
    box.receive(topic('kiosks/k1/diagnostics'), encode(DIAGNOSTICS_CHUNK), false);
    const padded = new Uint8Array(DIAGNOSTICS_MESSAGE_LIMIT + 1).fill(0x20);
    padded.set(encode(DIAGNOSTICS_CHUNK));
    box.receive(topic('kiosks/k1/diagnostics'), padded, false);
    box.receive(topic('kiosks/all/diagnostics'), encode(DIAGNOSTICS_CHUNK), false);
    flush();
    expect(posted).toEqual([
      expect.objectContaining({
        kind: 'diagnostics-chunk',
        kioskId: 'k1',
        chunk: DIAGNOSTICS_CHUNK,
      }),
      expect.objectContaining({ kind: 'diagnostics-chunk', kioskId: 'k1', chunk: null }),
    ]);
    expect(foldMessages(emptyFleet(), posted).ignored).toBe(1);
  });

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

  it('posts one batch per period, however many messages came', () => {
    const schedule = vi.fn();
    const box = createWorkerInbox({ prefix: PREFIX, post: vi.fn(), schedule });
    for (let index = 0; index < 50; index += 1) {
      box.receive(topic('kiosks/k1/status'), encode(onlineStatus()), false);
    }
    expect(schedule).toHaveBeenCalledTimes(1);
  });
});

describe('every topic the console reads, fuzzed', () => {
  it('nothing a broker delivers escapes the inbox or the fold, and the console still shows a kiosk come online', () => {
    const config = {
      config: {
        prefix: PREFIX,
        notAfter: '2099-01-01T00:00:00.000Z',
        version: 3,
        target: 'all',
        idleTimeoutSeconds: 75,
      },
      signature: 'A'.repeat(86),
      publicKey: SAMPLE_PUBLIC_KEY,
    };
    expect(signedConfigSchema.safeParse(config.config).success).toBe(true);
    const seeds = [
      JSON.stringify(onlineStatus()),
      JSON.stringify({ state: 'offline' }),
      JSON.stringify(SAMPLE_HEALTH),
      JSON.stringify({
        ...SAMPLE_HEALTH,
        config: {
          version: 3,
          refusals: [{ at: SAMPLE_HEALTH.at, topic: 't', reason: 'malformed' }],
        },
        dropped: { count: 1, recent: [{ at: SAMPLE_HEALTH.at, topic: 't', reason: 'too large' }] },
      }),
      JSON.stringify({ id: 'c-1', command: 'ping', ok: true, at: SAMPLE_HEALTH.at }),
      JSON.stringify({ id: 'c-1', command: 'ping', ok: false, error: 'no', at: SAMPLE_HEALTH.at }),
      JSON.stringify(config),
      JSON.stringify(DIAGNOSTICS_CHUNK),
    ];
    const limits = [
      ...new Set([...Object.values(MESSAGE_LIMITS), DIAGNOSTICS_MESSAGE_LIMIT]),
    ].filter((limit) => limit < MESSAGE_LIMITS.screenshot);
    const message = fc.record({
      topic: fc.constantFrom(
        ...['status', 'health', 'acks', 'config', 'screenshot', 'commands', 'diagnostics'].flatMap(
          (leaf) => [topic(`kiosks/k1/${leaf}`), topic(`kiosks/k2/${leaf}`)],
        ),
        topic('fleet/config'),
        topic('kiosks/all/status'),
        topic('kiosks/k1/status/extra'),
        'elsewhere/kiosks/k1/status',
      ),
      payload: hostilePayload(seeds, limits),
      retained: fc.boolean(),
    });
    let state: FleetState = emptyFleet();
    const { inbox: box, posted, flush } = inbox();
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 8 }), (batch) => {
        for (const { topic: where, payload, retained } of batch) {
          expect(() => box.receive(where, payload, retained)).not.toThrow();
        }
        // What the worker posts must survive structured cloning (the inbox's post clones).
        expect(flush).not.toThrow();
        state = foldMessages(state, posted.splice(0));
        expect(state.ignored).toBeGreaterThanOrEqual(0);
      }),
      fuzzParameters(400),
    );
    box.receive(topic('kiosks/k9/status'), encode(onlineStatus()), false);
    flush();
    state = foldMessages(state, posted.splice(0));
    expect(state.kiosks.get('k9')?.presence).toBe('online');
  }, 30_000);
});
