/**
 * The brokers a kiosk refused to use for their transport (broker-transport.ts), kept until
 * its health has said so. A kiosk that refuses every broker it was given is off the fleet
 * and cannot tell anyone, and the fix (a new config) needs a restart, which forgets the log's
 * last error. So each refusal is kept on disk (`<userData>/fleet-broker-refusals.json`, mode
 * 0600) and waits for the first run that reaches the fleet: a later start with a config it
 * can use, or one whose fleet.brokerUrls still holds a broker that passes.
 *
 * That run's health names every refusal kept (the broker's URL, why, and when it was last
 * refused) for as long as it runs. Once one report carrying them has reached the broker the
 * file forgets them, so a later start does not report old news again; a broker still
 * refused is refused again at that start, and named again.
 */
import { join } from 'node:path';
import { z } from 'zod';
import {
  brokerRefusalSchema,
  MAX_REPORTED_BROKER_REFUSALS,
  type BrokerRefusal,
} from '../../shared/fleet/payloads';
import type { FleetLog } from '../fleet-log';
import type { RefusedBroker } from './broker-transport';
import { privateRecordFile, type PrivateRecordFile } from '../identity/private-record-file';

export const BROKER_REFUSALS_FILE = 'fleet-broker-refusals.json';

const recordSchema = z.strictObject({
  refusals: z.array(brokerRefusalSchema).max(MAX_REPORTED_BROKER_REFUSALS),
});

export type BrokerRefusalStore = PrivateRecordFile<{ refusals: BrokerRefusal[] }>;

export function fileBrokerRefusalStore(userDataDir: string, log: FleetLog): BrokerRefusalStore {
  return privateRecordFile({
    path: join(userDataDir, BROKER_REFUSALS_FILE),
    schema: recordSchema,
    empty: () => ({ refusals: [] }),
    what: 'a record of refused brokers',
    log,
  });
}

/** For a kiosk whose userData cannot be written: this run's refusals, in memory only. */
export function memoryBrokerRefusalStore(): BrokerRefusalStore {
  let kept: BrokerRefusal[] = [];
  return {
    load: () => ({ refusals: [...kept] }),
    save: (record) => {
      kept = [...record.refusals];
    },
  };
}

export interface BrokerRefusals {
  /** What health names: the refusals kept from earlier starts and this one's, newest last. */
  reported(): BrokerRefusal[];
  /** A health report carrying these reached the broker: the record forgets them. */
  delivered(sent: readonly BrokerRefusal[]): void;
}

const sameBroker = (a: BrokerRefusal, b: BrokerRefusal): boolean =>
  a.broker === b.broker && a.reason === b.reason;
const same = (a: BrokerRefusal, b: BrokerRefusal): boolean => sameBroker(a, b) && a.at === b.at;

/**
 * Adds this start's refusals to the record (one entry per broker and reason: the newest time
 * wins), and gives what health reports from now on. A record that cannot be written is
 * logged: health still names this start's refusals.
 */
export function keepBrokerRefusals(
  store: BrokerRefusalStore,
  refused: readonly RefusedBroker[],
  at: number,
  log: FleetLog,
): BrokerRefusals {
  const now = new Date(at).toISOString();
  let kept = store.load().refusals;
  if (refused.length > 0) {
    for (const { brokerUrl, reason } of refused) {
      const entry = { at: now, broker: brokerUrl.slice(0, 256), reason: reason.slice(0, 200) };
      kept = [...kept.filter((old) => !sameBroker(old, entry)), entry];
    }
    kept = kept.slice(-MAX_REPORTED_BROKER_REFUSALS);
    try {
      store.save({ refusals: kept });
    } catch (error) {
      log.warn(`Fleet: could not keep the refused brokers on disk (${String(error)})`);
    }
  }
  const reported = kept;
  let forgotten = reported.length === 0;
  return {
    reported: () => reported.map((entry) => ({ ...entry })),
    delivered: (sent) => {
      if (forgotten || sent.length === 0) return;
      forgotten = true;
      try {
        const left = store
          .load()
          .refusals.filter((entry) => !sent.some((reportedOne) => same(entry, reportedOne)));
        store.save({ refusals: left });
      } catch (error) {
        log.warn(`Fleet: could not clear the refused brokers on disk (${String(error)})`);
      }
    },
  };
}
