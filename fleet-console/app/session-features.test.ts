// @vitest-environment node
/**
 * What every broker session's batches go through, fuzzed: a bounded fast-check fuzz of every
 * topic the console subscribes to (status, health, acks, configs, screenshots, diagnostics,
 * enrolment requests, certificates, rollouts: taken from consoleSubscriptions itself), through the worker's inbox, the kiosks
 * the worker keeps, and each feature's fold by the kinds its route takes, after which the
 * console still shows a kiosk that comes online.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTICS_MESSAGE_LIMIT, MESSAGE_LIMITS } from '@shared/fleet/message-limits';
import { splitIntoChunks } from '@shared/fleet/diagnostics-transfer';
import { createRolloutWatch } from '../rollouts/engine/rollout-watch';
import { diagnosticsTopic, kioskTopics } from '@shared/fleet/topics';
import {
  fuzzParameters,
  hostilePayload,
  jsonOfSize,
} from '../../tests/support/fixtures/hostile-payloads';
import {
  certificateFields,
  makeEnrolmentKey,
  SAMPLE_SERIAL,
  signCertificateWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import { SAMPLE_HEALTH } from '../../tests/support/fixtures/kiosk-health';
import { filterTakes } from '../../tests/support/fixtures/topic-filter';
import { onlineStatus, SAMPLE_PUBLIC_KEY } from '../../tests/support/fixtures/kiosk-status';
import { rolloutPlan, T0 } from '../../tests/support/fixtures/rollout';
import { emptyFleet, foldMessages, type FleetState, type KioskState } from '../fleet/fleet-state';
import { applyKiosks, createFleetViewer, EMPTY_VIEW, type FleetView } from '../fleet/fleet-viewer';
import { readMessage, type ReadMessage } from '../protocol/read-message';
import { consoleSubscriptions } from '../protocol/fleet-topics';
import { foldRolloutMessages } from '../rollouts/rollout-store';
import { emptyTrust, foldTrust } from '../trust/trust-state';
import { encode, testInbox as inbox, topic } from '../test/inbox';
import { PREFIX } from '../test/messages';

import { createRouteTable, route } from '../connection/message-routes';
import { FRAME_KINDS } from '../fleet/fleet-session';
import { ROLLOUT_KINDS } from '../rollouts/rollout-store';
import { TRUST_MESSAGE_KINDS } from '../protocol/read-message';
/** A real chunk of a small bundle: a seed the fuzz mutates. */
const DIAGNOSTICS_CHUNK = splitIntoChunks(new Uint8Array([31, 139, 8, 0, 1, 2, 3]), {
  transfer: 'transfer-1',
  command: 'c-1',
  sha256: 'a'.repeat(64),
})[0];

describe('what the worker’s inbox posts, folded', () => {
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
});

/** Signed as the operator signs, once: a seed for the certificate reader. */
const enrolmentKey = makeEnrolmentKey();
const AT = 1_700_000_000_000;

/** Valid payloads for each kind of message the console reads: what the fuzz grows from. */
const SEEDS: Partial<Record<ReadMessage['kind'], unknown[]>> = {
  status: [onlineStatus(), { state: 'offline' }],
  health: [
    SAMPLE_HEALTH,
    {
      ...SAMPLE_HEALTH,
      config: {
        version: 3,
        refusals: [{ at: SAMPLE_HEALTH.at, topic: 't', reason: 'malformed' }],
      },
      dropped: { count: 1, recent: [{ at: SAMPLE_HEALTH.at, topic: 't', reason: 'too large' }] },
      brokerRefusals: [{ at: SAMPLE_HEALTH.at, broker: 'mqtt://b.example', reason: 'plain' }],
    },
  ],
  ack: [
    { id: 'c-1', command: 'ping', ok: true, at: SAMPLE_HEALTH.at },
    { id: 'c-1', command: 'ping', ok: false, error: 'no', at: SAMPLE_HEALTH.at },
  ],
  config: [
    {
      config: {
        prefix: PREFIX,
        notAfter: '2099-01-01T00:00:00.000Z',
        version: 3,
        target: 'all',
        idleTimeoutSeconds: 75,
      },
      signature: 'A'.repeat(86),
      publicKey: SAMPLE_PUBLIC_KEY,
    },
  ],
  'diagnostics-chunk': [DIAGNOSTICS_CHUNK],
  'enrolment-request': [
    { kioskId: 'k1', publicKey: SAMPLE_PUBLIC_KEY, requestedAt: AT, version: '0.1.0' },
  ],
  certificate: [
    signCertificateWith(
      certificateFields({ kioskId: 'k1', publicKey: SAMPLE_PUBLIC_KEY }),
      enrolmentKey.privateKey,
    ),
  ],
  rollout: [
    {
      type: 'rollout',
      plan: rolloutPlan(),
      phase: 'running',
      step: 0,
      stepStartedAt: T0,
      delivered: [],
      lease: null,
      reason: null,
      revision: 1,
      updatedAt: T0,
    },
  ],
};
const ALL_SEEDS = Object.values(SEEDS)
  .flat()
  .map((seed) => JSON.stringify(seed));

/**
 * What the console subscribes to: its standing subscriptions, and the topics it watches one
 * kiosk at a time (a screenshot, a diagnostics transfer).
 */
const SUBSCRIBED = [
  ...consoleSubscriptions(PREFIX).map(({ topic: filter }) => filter),
  kioskTopics(PREFIX, 'k1').screenshot,
  diagnosticsTopic(PREFIX, 'k1'),
];

/** What a `+` of a subscription stands for here: kiosk ids, a serial, a rollout. */
const SEGMENTS = ['k1', 'k2', SAMPLE_SERIAL, 'idle-90'];

/** Every topic `filter` takes with SEGMENTS in its wildcards. */
function topicsOf(filter: string): string[] {
  if (filter.includes('#')) throw new Error(`${filter}: give the fuzz a topic for its #`);
  return filter
    .split('/')
    .reduce<string[]>(
      (heads, segment) =>
        heads.flatMap((head) =>
          (segment === '+' ? SEGMENTS : [segment]).map((one) =>
            head === '' ? one : `${head}/${one}`,
          ),
        ),
      [''],
    );
}

/** What the console reads a topic as, or null when it ignores the topic. */
const kindOf = (where: string): ReadMessage['kind'] | null =>
  readMessage(PREFIX, { topic: where, payload: encode('{}'), retained: false, receivedAt: 0 })
    ?.kind ?? null;

/** What the fuzz feeds: every topic of each subscription that the console reads. */
const FUZZ_TOPICS = SUBSCRIBED.flatMap(topicsOf).filter((where) => kindOf(where) !== null);

describe('every topic the console reads, fuzzed', () => {
  it('feeds every topic the console subscribes to, from payloads its reader accepts', () => {
    // Subscriptions come from the code (consoleSubscriptions), so a new one is fuzzed at
    // once; a wildcard the SEGMENTS cannot fill shows here rather than going unfuzzed.
    for (const filter of SUBSCRIBED) {
      expect(
        FUZZ_TOPICS.filter((where) => filterTakes(filter, where)),
        filter,
      ).not.toEqual([]);
    }
    for (const [kind, seeds = []] of Object.entries(SEEDS)) {
      const where = FUZZ_TOPICS.find((one) => kindOf(one) === kind);
      expect(where, kind).toBeDefined();
      for (const seed of seeds) {
        const read = readMessage(PREFIX, {
          topic: where ?? '',
          payload: encode(seed),
          retained: true,
          receivedAt: 0,
        });
        // A view of null is a payload its reader refused.
        expect(read && Object.values(read).includes(null), `${kind} ${JSON.stringify(seed)}`).toBe(
          false,
        );
      }
    }
  });

  it('nothing a broker delivers escapes the inbox or the folds, and the console still shows a kiosk come online', () => {
    const limits = [
      ...new Set([...Object.values(MESSAGE_LIMITS), DIAGNOSTICS_MESSAGE_LIMIT]),
    ].filter((limit) => limit < MESSAGE_LIMITS.screenshot);
    const payloads = new Map<string, fc.Arbitrary<Uint8Array>>();
    const payloadFor = (where: string): fc.Arbitrary<Uint8Array> => {
      const kind = kindOf(where) ?? 'ignored';
      let made = payloads.get(kind);
      if (!made) {
        const seeds = SEEDS[kind]?.map((seed) => JSON.stringify(seed)) ?? ALL_SEEDS;
        made = hostilePayload(seeds, limits);
        payloads.set(kind, made);
      }
      return made;
    };
    const strays = fc.record({
      topic: fc.constantFrom(
        // Topics a broker with a loose ACL might deliver, which the console must ignore.
        topic('kiosks/k1/commands'),
        topic('kiosks/all/status'),
        topic('kiosks/k1/status/extra'),
        topic('kiosks/k1/certificates/not-a-serial'),
        topic('handovers/k1/Receipt-1700000000000-1'),
        topic('fleet/revocations'),
        topic('fleet/rollouts/a/b'),
        'elsewhere/kiosks/k1/status',
      ),
      payload: hostilePayload(ALL_SEEDS, limits),
      retained: fc.boolean(),
    });
    const message = fc.oneof(
      ...FUZZ_TOPICS.map((where) =>
        fc.record({
          topic: fc.constant(where),
          payload: payloadFor(where),
          retained: fc.boolean(),
        }),
      ),
      strays,
    );
    let state: FleetState = emptyFleet();
    let trust = emptyTrust();
    const rollouts = createRolloutWatch(PREFIX);
    // The kiosks the worker keeps, and the view of them the page merges in.
    const viewer = createFleetViewer(() => AT);
    let view: FleetView = EMPTY_VIEW;
    let kiosks: ReadonlyMap<string, KioskState> = new Map();
    const { inbox: box, posted, flush } = inbox({ keep: (read) => viewer.fold(read) });
    /** What the page does with a batch: each feature's fold, by the kinds its route takes. */
    const routes = createRouteTable([
      route(ROLLOUT_KINDS, (read) => foldRolloutMessages(rollouts, read)),
      // The page's certificate gate checks each certificate before the fold (async, under
      // the pinned key); here both outcomes go through, by whether it came retained.
      route(TRUST_MESSAGE_KINDS, (read) => {
        trust = foldTrust(
          trust,
          read.map((one) =>
            one.kind === 'certificate' ? { ...one, verified: one.retained } : one,
          ),
        );
      }),
      route(FRAME_KINDS, (read) => {
        state = foldMessages(state, read);
      }),
    ]);
    const fold = () => {
      const { kiosks: changed, gone, ...parts } = structuredClone(viewer.take()) ?? {};
      kiosks = applyKiosks(kiosks, { kiosks: changed, gone });
      view = { ...view, ...parts };
      routes.dispatch(posted.splice(0));
    };
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 8 }), (batch) => {
        for (const { topic: where, payload, retained } of batch) {
          expect(() => box.receive(where, payload, retained)).not.toThrow();
        }
        // What the worker posts must survive structured cloning (the inbox's post clones).
        expect(flush).not.toThrow();
        expect(fold).not.toThrow();
        expect(state.ignored + view.ignored).toBeGreaterThanOrEqual(0);
        expect(view.summary.total).toBe(
          view.summary.online + view.summary.offline + view.summary.unknown,
        );
      }),
      fuzzParameters(400),
    );
    box.receive(topic('kiosks/k9/status'), encode(onlineStatus()), false);
    box.receive(
      topic('kiosks/k9/enrolment'),
      encode({ kioskId: 'k9', publicKey: SAMPLE_PUBLIC_KEY, requestedAt: AT, version: '0.1.0' }),
      true,
    );
    flush();
    fold();
    expect(kiosks.get('k9')?.presence).toBe('online');
    expect(trust.requests.get('k9')?.kioskId).toBe('k9');
  }, 30_000);
});
