/**
 * What the will keeper (will-keeper.ts) knows: for each kiosk on a cluster, the node its
 * latest online status names and the Last Will that status implies. A crashed node takes
 * the wills of its clients with it (docs/fleet/cluster.md); from this table the keeper says
 * them for it. Pure, no clock and no sockets.
 *
 * Network input: every status is size-checked against its topic's limit before a byte is
 * decoded and parsed with the fleet's schema, and nothing here throws on what a broker
 * delivers. A status without a node (one broker, an older kiosk), an offline one, a retired
 * kiosk (empty payload) or a malformed one leaves the kiosk out: the keeper never speaks
 * for a kiosk it cannot place. A will a keeper said is not the kiosk's word and changes
 * nothing.
 */
import { nodeName } from '../../shared/fleet/broker-choice';
import { MESSAGE_LIMITS } from '../../shared/fleet/message-limits';
import {
  offlineStatusFor,
  statusSchema,
  type KioskStatusOffline,
} from '../../shared/fleet/payloads';
import { kioskTopics, parseKioskTopic } from '../../shared/fleet/topics';

/** The most kiosks the table holds: a chain's cluster, with room; past it new ones wait. */
export const MAX_KEPT_KIOSKS = 200_000;

export interface KeptWill {
  kioskId: string;
  /** Where the will goes. */
  topic: string;
  /** The will as the kiosk's own Last Will says it, and the node that was lost. */
  will: KioskStatusOffline;
  /** The table's count of statuses taken when this one was: newer ones have higher. */
  takenAt: number;
}

interface Entry {
  node: string;
  will: KioskStatusOffline;
  takenAt: number;
}

export interface WillTable {
  /**
   * Takes one message from the kiosks' status topics; whether it changed the table.
   * `retained`: sent because the keeper subscribed (again), not said just now, so it does
   * not count as news of a kiosk already placed on the same node.
   */
  take: (topic: string, payload: Uint8Array, retained?: boolean) => boolean;
  /** The wills of the kiosks whose latest status names `node` and came before `before`. */
  willsOn: (node: string, before?: number) => KeptWill[];
  /** Drops a kiosk whose will was kept, unless it has been heard from since `takenAt`. */
  forget: (kioskId: string, takenAt: number) => void;
  /** The count the next status taken will have: a mark to compare `takenAt` with. */
  readonly clock: number;
  readonly size: number;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function parse(payload: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(payload));
  } catch {
    return undefined;
  }
}

export function createWillTable(prefix: string): WillTable {
  const entries = new Map<string, Entry>();
  let clock = 0;

  return {
    take(topic, payload, retained = false) {
      const parsed = parseKioskTopic(prefix, topic);
      if (parsed === null || parsed.kind !== 'status') return false;
      const { kioskId } = parsed;
      // Too large to be a status: read as nothing, which leaves the kiosk out.
      const status =
        payload.byteLength > MESSAGE_LIMITS.status || payload.byteLength === 0
          ? null
          : statusSchema.safeParse(parse(payload));
      // A will a keeper said (this one, read back): no news of the kiosk, which stays placed
      // until it says something itself.
      if (status?.success === true && status.data.state === 'offline' && status.data.nodeLost) {
        return false;
      }
      const node =
        status?.success === true && status.data.state !== 'offline' && status.data.node
          ? nodeName(status.data.node)
          : null;
      if (status?.success !== true || status.data.state === 'offline' || node === null) {
        return entries.delete(kioskId);
      }
      const was = entries.get(kioskId);
      if (!was && entries.size >= MAX_KEPT_KIOSKS) return false;
      const will = { ...offlineStatusFor(status.data), nodeLost: node };
      if (retained && was?.node === node) {
        entries.set(kioskId, { ...was, will });
        return false;
      }
      clock += 1;
      entries.set(kioskId, { node, will, takenAt: clock });
      return true;
    },
    forget(kioskId, takenAt) {
      if (entries.get(kioskId)?.takenAt === takenAt) entries.delete(kioskId);
    },
    willsOn(node, before = Number.POSITIVE_INFINITY) {
      const wills: KeptWill[] = [];
      for (const [kioskId, entry] of entries) {
        if (entry.node !== node || entry.takenAt >= before) continue;
        wills.push({
          kioskId,
          topic: kioskTopics(prefix, kioskId).status,
          will: entry.will,
          takenAt: entry.takenAt,
        });
      }
      return wills;
    },
    get clock() {
      return clock + 1;
    },
    get size() {
      return entries.size;
    },
  };
}
