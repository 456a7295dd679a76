import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS } from '../../../shared/fleet/message-limits';
import { statusOfflineSchema } from '../../../shared/fleet/payloads';
import { createWillTable } from '../../../services/will-keeper/will-keeper-table';
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzParameters,
  hostilePayload,
} from '../../support/fixtures/hostile-payloads';

const P = 'kiosk-shop';
const N1 = 'mqtt://127.0.0.1:4301';
const N2 = 'mqtt://127.0.0.1:4302';
const encode = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));
const online = (node: string | undefined, extra: Record<string, unknown> = {}) => ({
  state: 'online',
  version: '1.4.0',
  startedAt: '2026-11-26T10:00:00.000Z',
  publicKey: null,
  store: 'store-7',
  region: 'north',
  ...(node === undefined ? {} : { node }),
  ...extra,
});
const statusTopic = (id: string) => `${P}/kiosks/${id}/status`;

describe('the will table', () => {
  it("holds each placed kiosk's Last Will, with its groups and the node that was lost", () => {
    const table = createWillTable(P);
    expect(table.take(statusTopic('k1'), encode(online(N1)))).toBe(true);
    table.take(statusTopic('k2'), encode(online(N2)));
    table.take(statusTopic('k3'), encode({ ...online(N1), state: 'asleep' }));
    const wills = table.willsOn(N1);
    expect(wills.map((kept) => kept.kioskId).sort()).toEqual(['k1', 'k3']);
    const will = wills.find((kept) => kept.kioskId === 'k1');
    expect(will?.topic).toBe(statusTopic('k1'));
    expect(will?.will).toEqual({
      state: 'offline',
      store: 'store-7',
      region: 'north',
      nodeLost: N1,
    });
    // What the keeper publishes is a status every reader takes.
    expect(statusOfflineSchema.safeParse(will?.will).success).toBe(true);
  });

  it('matches nodes as their names: a login, a path or capitals in a URL make no other node', () => {
    const table = createWillTable(P);
    table.take(statusTopic('k1'), encode(online('MQTT://kiosk:pw@127.0.0.1:4301/x')));
    expect(table.willsOn(N1).map((kept) => kept.kioskId)).toEqual(['k1']);
  });

  it('leaves out a kiosk that moved, said offline, was retired or sent something malformed', () => {
    const table = createWillTable(P);
    for (const id of ['k1', 'k2', 'k3', 'k4', 'k5'])
      table.take(statusTopic(id), encode(online(N1)));
    table.take(statusTopic('k1'), encode(online(N2)));
    table.take(statusTopic('k2'), encode({ state: 'offline', store: 'store-7' }));
    table.take(statusTopic('k3'), new Uint8Array());
    table.take(statusTopic('k4'), encode({ state: 'online' }));
    table.take(statusTopic('k5'), encode(online(undefined)));
    expect(table.willsOn(N1)).toEqual([]);
    expect(table.willsOn(N2).map((kept) => kept.kioskId)).toEqual(['k1']);
  });

  it("a keeper's own will read back changes nothing; forgetting spares a kiosk heard from since", () => {
    const table = createWillTable(P);
    table.take(statusTopic('k1'), encode(online(N1)));
    table.take(statusTopic('k2'), encode(online(N1)));
    const [one, two] = table.willsOn(N1);
    expect(table.take(statusTopic('k1'), encode(one?.will))).toBe(false);
    expect(table.willsOn(N1)).toHaveLength(2);
    table.take(statusTopic('k2'), encode(online(N1, { version: '1.4.1' })));
    table.forget('k1', one?.takenAt ?? 0);
    table.forget('k2', two?.takenAt ?? 0);
    expect(table.willsOn(N1).map((kept) => kept.kioskId)).toEqual(['k2']);
  });

  it('ignores topics that are not a kiosk status, and statuses over the size limit', () => {
    const table = createWillTable(P);
    expect(table.take(`${P}/kiosks/k1/health`, encode(online(N1)))).toBe(false);
    expect(table.take(`else/kiosks/k1/status`, encode(online(N1)))).toBe(false);
    expect(table.take(`${P}/kiosks/k1/status/x`, encode(online(N1)))).toBe(false);
    const padded = encode(online(N1, { version: 'x'.repeat(MESSAGE_LIMITS.status) }));
    expect(table.take(statusTopic('k1'), padded)).toBe(false);
    expect(table.size).toBe(0);
  });

  it('counts what came after a mark: a kiosk heard from since a node went is not said for it', () => {
    const table = createWillTable(P);
    table.take(statusTopic('k1'), encode(online(N1)));
    table.take(statusTopic('k2'), encode(online(N1)));
    const mark = table.clock;
    // k2 came back to the same node once it restarted: news, so not dead.
    table.take(statusTopic('k2'), encode(online(N1, { version: '1.4.1' })));
    expect(table.willsOn(N1, mark).map((kept) => kept.kioskId)).toEqual(['k1']);
  });

  it('a retained copy of the same placement, sent as the keeper subscribes again, is no news', () => {
    const table = createWillTable(P);
    table.take(statusTopic('k1'), encode(online(N1)));
    const mark = table.clock;
    expect(table.take(statusTopic('k1'), encode(online(N1)), true)).toBe(false);
    expect(table.willsOn(N1, mark).map((kept) => kept.kioskId)).toEqual(['k1']);
    // A retained status naming another node is news: the kiosk moved.
    table.take(statusTopic('k1'), encode(online(N2)), true);
    expect(table.willsOn(N1, mark)).toEqual([]);
  });

  it(
    'nothing a broker delivers throws or places a kiosk without a good status (bounded fuzz)',
    () => {
      const seeds = [
        JSON.stringify(online(N1)),
        JSON.stringify({ ...online(N2), state: 'asleep' }),
        JSON.stringify({ state: 'offline', nodeLost: N1 }),
      ];
      const message = fc.record({
        topic: fc.constantFrom(
          statusTopic('k1'),
          statusTopic('k2'),
          statusTopic('all'),
          `${P}/kiosks/k1/health`,
          `${P}/kiosks/k1/status/x`,
          'else/kiosks/k1/status',
        ),
        payload: hostilePayload(seeds, [MESSAGE_LIMITS.status]),
        retained: fc.boolean(),
      });
      fc.assert(
        fc.property(fc.array(message, { minLength: 1, maxLength: 8 }), (batch) => {
          const table = createWillTable(P);
          for (const { topic, payload, retained } of batch) {
            expect(() => table.take(topic, payload, retained)).not.toThrow();
          }
          for (const node of [N1, N2]) {
            for (const kept of table.willsOn(node)) {
              expect(statusOfflineSchema.safeParse(kept.will).success).toBe(true);
              expect(kept.will.nodeLost).toBe(node);
            }
          }
          expect(table.size).toBeLessThanOrEqual(2);
        }),
        fuzzParameters(400),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
