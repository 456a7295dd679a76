/**
 * The exporter's reader and table: each message sized against its topic's limit before it
 * is decoded, status and health read field by field (a store, a region, an `asleep` state
 * taken when a kiosk sends them, their absence tolerated), the Last Will keeping the last
 * store and region claimed, a retired kiosk gone, and the table bounded, enrolled kiosks
 * first. A bounded fast-check fuzz
 * of random and mutated messages: nothing throws, and the table still takes a good status.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS } from '../../../shared/fleet/message-limits';
import {
  createFleetTable,
  readFleetMessage,
  type FleetReading,
} from '../../../services/exporter/fleet-exporter-readings';
import { fuzzParameters, hostilePayload } from '../../support/fixtures/hostile-payloads';
import { SAMPLE_HEALTH } from '../../support/fixtures/kiosk-health';

const P = 'kiosk-shop';
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const read = (topic: string, value: unknown) =>
  readFleetMessage(P, `${P}/${topic}`, value instanceof Uint8Array ? value : encode(value));

const ONLINE = { state: 'online', version: '0.1.0', startedAt: SAMPLE_HEALTH.at, publicKey: null };

describe('reading a fleet message for the exporter', () => {
  it('reads a status, with a store and region when the kiosk names them', () => {
    expect(read('kiosks/k1/status', ONLINE)).toEqual({
      kind: 'status',
      kioskId: 'k1',
      status: { state: 'online', version: '0.1.0', store: null, region: null, lostLink: null },
    });
    expect(
      read('kiosks/k1/status', { state: 'asleep', store: 'Leeds 4', region: 'North' }),
    ).toEqual({
      kind: 'status',
      kioskId: 'k1',
      status: {
        state: 'asleep',
        version: null,
        store: 'Leeds 4',
        region: 'North',
        lostLink: null,
      },
    });
  });

  it('reads a kiosk’s own report of a lost link, and no lost link from a Last Will', () => {
    const report = {
      state: 'offline',
      lostAt: '2026-11-23T10:05:00.000Z',
      reportedAt: '2026-11-23T10:05:02.500Z',
    };
    expect(read('kiosks/k1/status', report)).toMatchObject({
      status: {
        state: 'offline',
        lostLink: {
          lostAt: Date.parse(report.lostAt),
          reportedAt: Date.parse(report.reportedAt),
        },
      },
    });
    expect(read('kiosks/k1/status', { state: 'offline' })).toMatchObject({
      status: { state: 'offline', lostLink: null },
    });
    expect(read('kiosks/k1/status', { ...report, reportedAt: 'later' })).toMatchObject({
      status: { lostLink: null },
    });
  });

  it('reads health leniently: a field of the wrong type is left out, not the rest', () => {
    const reading = read('kiosks/k1/health', {
      ...SAMPLE_HEALTH,
      printer: { available: false },
      update: { state: 'error', error: 'the feed signature is wrong' },
      memory: 'lots',
      future: { field: 1 },
    });
    expect(reading).toMatchObject({
      kind: 'health',
      health: {
        printerAvailable: false,
        updateFailed: true,
        catalogueAgeMinutes: SAMPLE_HEALTH.catalogue.ageMinutes,
        mainMB: null,
        rendererMB: null,
        asleep: false,
      },
    });
  });

  it('drops what is over its topic’s limit unread, and ignores other topics', () => {
    // Good JSON, padded with spaces past the limit: only the size can refuse it.
    const padded = (value: unknown, size: number) => {
      const bytes = new Uint8Array(size).fill(0x20);
      bytes.set(encode(value));
      return bytes;
    };
    expect(read('kiosks/k1/status', padded(ONLINE, MESSAGE_LIMITS.status))).toMatchObject({
      status: { state: 'online' },
    });
    expect(read('kiosks/k1/status', padded(ONLINE, MESSAGE_LIMITS.status + 1))).toEqual({
      kind: 'status',
      kioskId: 'k1',
      status: null,
    });
    expect(
      read('kiosks/k1/health', padded(SAMPLE_HEALTH, MESSAGE_LIMITS.health + 1)),
    ).toMatchObject({ health: null });
    expect(read('kiosks/k1/acks', { id: 'x' })).toBeNull();
    expect(read('kiosks/all/status', ONLINE)).toBeNull();
    expect(readFleetMessage(P, 'other/kiosks/k1/status', encode(ONLINE))).toBeNull();
  });

  it('refuses labels with control characters or of any length', () => {
    expect(
      read('kiosks/k1/status', { state: 'online', store: 'a\nb', region: 'x'.repeat(65) }),
    ).toMatchObject({ status: { store: null, region: null } });
  });
});

describe('the exporter’s table', () => {
  const take = (
    table: ReturnType<typeof createFleetTable>,
    reading: FleetReading | null,
    at = 1000,
  ) => {
    if (reading) table.take(reading, at);
  };

  it('keeps the last store and region claimed through an offline Last Will, and forgets a retired kiosk', () => {
    const table = createFleetTable();
    take(table, read('kiosks/k1/status', { ...ONLINE, store: 'S1', region: 'R1' }));
    take(table, read('kiosks/k1/health', SAMPLE_HEALTH));
    take(table, read('kiosks/k1/status', { state: 'offline' }));
    expect(table.kiosks()).toEqual([
      expect.objectContaining({
        kioskId: 'k1',
        state: 'offline',
        claimed: { store: 'S1', region: 'R1' },
        version: '0.1.0',
        lastSeen: Date.parse(SAMPLE_HEALTH.at),
      }),
    ]);
    take(table, readFleetMessage(P, `${P}/kiosks/k1/status`, new Uint8Array(0)));
    expect(table.kiosks()).toEqual([]);
  });

  it('keeps the last lost link a kiosk reported through the online status after it', () => {
    const table = createFleetTable();
    take(table, read('kiosks/k1/status', ONLINE));
    take(
      table,
      read('kiosks/k1/status', {
        state: 'offline',
        lostAt: '2026-11-23T10:05:00.000Z',
        reportedAt: '2026-11-23T10:05:02.500Z',
      }),
    );
    take(table, read('kiosks/k1/status', ONLINE));
    expect(table.kiosks()).toEqual([
      expect.objectContaining({
        state: 'online',
        lostLink: {
          lostAt: Date.parse('2026-11-23T10:05:00.000Z'),
          reportedAt: Date.parse('2026-11-23T10:05:02.500Z'),
        },
      }),
    ]);
  });

  it('keeps what a kiosk it first meets by its Last Will claims, as a claim', () => {
    const table = createFleetTable();
    take(table, read('kiosks/k2/status', { state: 'offline', store: 'S2', region: 'R2' }));
    expect(table.kiosks()).toEqual([
      expect.objectContaining({
        kioskId: 'k2',
        state: 'offline',
        claimed: { store: 'S2', region: 'R2' },
      }),
    ]);
  });

  it('counts malformed messages and those past its bound, and lets an enrolled kiosk in first', () => {
    const enrolled = new Set<string>();
    const table = createFleetTable({ maxKiosks: 3, enrolled: (id) => enrolled.has(id) });
    expect(table.limit).toBe(3);
    for (const id of ['a', 'b', 'c', 'd', 'e']) take(table, read(`kiosks/${id}/status`, ONLINE));
    take(table, read('kiosks/a/status', { state: 'sideways' }));
    expect(table.kiosks().map((kiosk) => kiosk.kioskId)).toEqual(['a', 'b', 'c']);
    expect(table.ignored).toBe(1);
    expect(table.overLimit).toBe(2);
    // A certificate verified for e: it takes the place of the longest kept unenrolled kiosk.
    enrolled.add('e');
    take(table, read('kiosks/e/status', ONLINE));
    expect(table.kiosks().map((kiosk) => kiosk.kioskId)).toEqual(['b', 'c', 'e']);
    enrolled.add('b');
    table.setEnrolled('b', true);
    enrolled.add('f');
    take(table, read('kiosks/f/status', ONLINE));
    expect(table.kiosks().map((kiosk) => kiosk.kioskId)).toEqual(['b', 'e', 'f']);
  });

  it('nothing a broker delivers throws, and a good status still lands (bounded fuzz)', () => {
    const seeds = [
      JSON.stringify(ONLINE),
      JSON.stringify({ state: 'asleep', store: 'S', region: 'R' }),
      JSON.stringify({ state: 'offline' }),
      JSON.stringify(SAMPLE_HEALTH),
    ];
    const message = fc.record({
      topic: fc.constantFrom(
        `${P}/kiosks/k1/status`,
        `${P}/kiosks/k2/health`,
        `${P}/kiosks/k1/health`,
        `${P}/kiosks/all/status`,
        `${P}/kiosks/k1/status/x`,
        `${P}/kiosks/k1/acks`,
        'else/kiosks/k1/status',
      ),
      payload: hostilePayload(seeds, [MESSAGE_LIMITS.status, MESSAGE_LIMITS.health]),
    });
    const table = createFleetTable({ maxKiosks: 50 });
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 8 }), (batch) => {
        for (const { topic, payload } of batch) {
          const reading = readFleetMessage(P, topic, payload);
          if (reading) expect(() => table.take(reading, 1)).not.toThrow();
        }
        expect(table.kiosks().length).toBeLessThanOrEqual(50);
      }),
      fuzzParameters(400),
    );
    take(table, read('kiosks/k9/status', ONLINE));
    expect(table.kiosks().find((kiosk) => kiosk.kioskId === 'k9')?.state).toBe('online');
  }, 30_000);
});
