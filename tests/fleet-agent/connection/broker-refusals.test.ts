/**
 * Refused brokers wait on disk until health has named them: one entry per broker and
 * reason (the newest time), bounded, forgotten once a report carried them, and a record
 * that cannot be written costs only the record. Through the real kiosk against Mosquitto in
 * broker-transport.test.ts.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BROKER_REFUSALS_FILE,
  fileBrokerRefusalStore,
  keepBrokerRefusals,
  memoryBrokerRefusalStore,
  type BrokerRefusalStore,
} from '../../../fleet-agent/connection/broker-refusals';
import { MAX_REPORTED_BROKER_REFUSALS } from '../../../shared/fleet/payloads';
import { memoryLog } from '../support/fleet-fixtures';

const T1 = Date.parse('2026-11-23T10:00:00.000Z');
const T2 = Date.parse('2026-11-23T11:00:00.000Z');
const PLAIN = { brokerUrl: 'mqtt://far.example:1883', reason: 'plain to another machine' };
const WITH_CA = { brokerUrl: 'ws://127.0.0.1:9001', reason: 'fleet.ca is set' };

const storeIn = (dir = mkdtempSync(join(tmpdir(), 'kiosk-refusals-'))) => ({
  dir,
  store: fileBrokerRefusalStore(dir, memoryLog()),
});

describe('the refused brokers kept for health', () => {
  it('keeps a start’s refusals on disk, only its owner may read them, and the next start reports them', () => {
    const { dir, store } = storeIn();
    const first = keepBrokerRefusals(store, [PLAIN], T1, memoryLog());
    expect(first.reported()).toEqual([
      { at: '2026-11-23T10:00:00.000Z', broker: PLAIN.brokerUrl, reason: PLAIN.reason },
    ]);
    expect(statSync(join(dir, BROKER_REFUSALS_FILE)).mode & 0o777).toBe(0o600);
    // A later start refuses nothing: it reports what the first one kept.
    const later = keepBrokerRefusals(fileBrokerRefusalStore(dir, memoryLog()), [], T2, memoryLog());
    expect(later.reported()).toEqual(first.reported());
  });

  it('names each broker and reason once, with the time it was last refused', () => {
    const { store } = storeIn();
    keepBrokerRefusals(store, [PLAIN, WITH_CA], T1, memoryLog());
    const again = keepBrokerRefusals(store, [PLAIN], T2, memoryLog());
    expect(again.reported()).toEqual([
      { at: '2026-11-23T10:00:00.000Z', broker: WITH_CA.brokerUrl, reason: WITH_CA.reason },
      { at: '2026-11-23T11:00:00.000Z', broker: PLAIN.brokerUrl, reason: PLAIN.reason },
    ]);
  });

  it('keeps only the newest refusals when there are more than health names', () => {
    const { store } = storeIn();
    for (let index = 0; index < MAX_REPORTED_BROKER_REFUSALS + 3; index += 1) {
      keepBrokerRefusals(
        store,
        [{ brokerUrl: `mqtt://b${index}.example`, reason: 'plain' }],
        T1 + index,
        memoryLog(),
      );
    }
    const reported = keepBrokerRefusals(store, [], T2, memoryLog()).reported();
    expect(reported).toHaveLength(MAX_REPORTED_BROKER_REFUSALS);
    expect(reported.at(-1)?.broker).toBe(`mqtt://b${MAX_REPORTED_BROKER_REFUSALS + 2}.example`);
  });

  it('forgets on disk what a report carried, and goes on reporting it for this run', () => {
    const { dir, store } = storeIn();
    keepBrokerRefusals(store, [PLAIN], T1, memoryLog());
    const reporting = keepBrokerRefusals(store, [WITH_CA], T2, memoryLog());
    const sent = reporting.reported();
    expect(sent).toHaveLength(2);
    reporting.delivered(sent);
    expect(store.load()).toEqual({ refusals: [] });
    expect(reporting.reported()).toEqual(sent);
    // The next start has nothing left to report.
    const next = keepBrokerRefusals(fileBrokerRefusalStore(dir, memoryLog()), [], T2, memoryLog());
    expect(next.reported()).toEqual([]);
  });

  it('forgets only what was sent', () => {
    const { store } = storeIn();
    const reporting = keepBrokerRefusals(store, [PLAIN, WITH_CA], T1, memoryLog());
    reporting.delivered(reporting.reported().slice(0, 1));
    expect(store.load().refusals.map((entry) => entry.broker)).toEqual([WITH_CA.brokerUrl]);
  });

  it('writes nothing when nothing was refused and nothing waits', () => {
    const saved: unknown[] = [];
    const store: BrokerRefusalStore = {
      load: () => ({ refusals: [] }),
      save: (record) => saved.push(record),
    };
    const none = keepBrokerRefusals(store, [], T1, memoryLog());
    none.delivered(none.reported());
    expect(none.reported()).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('still reports this start’s refusals when the record cannot be written, and says so', () => {
    const log = memoryLog();
    const store: BrokerRefusalStore = {
      load: () => ({ refusals: [] }),
      save: () => {
        throw new Error('EROFS: read-only file system');
      },
    };
    const refusals = keepBrokerRefusals(store, [PLAIN], T1, log);
    expect(refusals.reported().map((entry) => entry.broker)).toEqual([PLAIN.brokerUrl]);
    expect(() => refusals.delivered(refusals.reported())).not.toThrow();
    expect(log.matching('could not')).toHaveLength(2);
  });

  it('in memory, for a kiosk whose userData cannot be written, within one run', () => {
    const store = memoryBrokerRefusalStore();
    expect(keepBrokerRefusals(store, [PLAIN], T1, memoryLog()).reported()).toHaveLength(1);
    expect(store.load().refusals).toHaveLength(1);
  });
});
