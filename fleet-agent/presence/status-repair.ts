/**
 * The kiosk reads its own status back while it is up: an `offline` there (a Last Will of an
 * older connection that a broker published late, or an online status a broker failed to
 * keep) is answered by saying its status again, at most once per STATUS_REPAIR_MS, so two
 * clients fighting over one kiosk id (a copied login) cannot make it publish in a loop.
 *
 * An ACL without the right to read it refuses the subscription (NATS) or sends nothing
 * (Mosquitto); the kiosk works on, without the correction.
 */
import type { MqttClient } from 'mqtt';
import { MESSAGE_LIMITS } from '../../shared/fleet/message-limits';
import { statusSchema } from '../../shared/fleet/payloads';
import { SUBSCRIPTION_QOS } from '../../shared/fleet/topics';
import type { InboundRoute } from '../connection/inbound-guard';
import type { FleetLog } from '../fleet-log';

/** The shortest time between two corrections of the kiosk's own status. */
export const STATUS_REPAIR_MS = 5000;

export interface StatusRepairOptions {
  statusTopic: string;
  connected: () => MqttClient | null;
  /** Whether the session is being ended for a new Last Will (its offline is the kiosk's own). */
  isRenewing: (session: MqttClient) => boolean;
  sayStatus: () => Promise<unknown>;
  log: FleetLog;
}

export interface StatusRepair {
  /** The route of the kiosk's own status topic. */
  readonly route: InboundRoute;
  /** The broker took this session's status: from now an `offline` read back is wrong. */
  taken(session: MqttClient): void;
  /** The session ended, or the client stopped: nothing more to correct. */
  reset(): void;
}

const isOffline = (bytes: Uint8Array): boolean => {
  try {
    const parsed = statusSchema.safeParse(JSON.parse(Buffer.from(bytes).toString('utf8')));
    return parsed.success && parsed.data.state === 'offline';
  } catch {
    return false;
  }
};

export function createStatusRepair(options: StatusRepairOptions): StatusRepair {
  const { log } = options;
  /** The session whose status the broker took: only then is an `offline` read back wrong. */
  let statusTaken: MqttClient | null = null;
  let repairTimer: NodeJS.Timeout | null = null;
  let lastRepairAt = -Infinity;
  /** Lines said once per run. */
  const said = new Set<string>();
  const sayOnce = (level: 'info' | 'warn', line: string): void => {
    if (said.has(line)) return;
    said.add(line);
    log[level](line);
  };
  const stillTaken = (session: MqttClient): boolean =>
    options.connected() === session && statusTaken === session && !options.isRenewing(session);

  const repair = (session: MqttClient): void => {
    if (repairTimer) return;
    const wait = Math.max(0, lastRepairAt + STATUS_REPAIR_MS - Date.now());
    repairTimer = setTimeout(() => {
      repairTimer = null;
      if (!stillTaken(session)) return;
      lastRepairAt = Date.now();
      sayOnce(
        'info',
        "Fleet: the broker had this kiosk's status as offline while it is online; saying it again",
      );
      void options.sayStatus();
    }, wait);
  };

  /** The broker sends what it keeps at once, then every status published on the topic. */
  const watch = async (session: MqttClient): Promise<void> => {
    const granted = await session
      .subscribeAsync(options.statusTopic, { qos: SUBSCRIPTION_QOS })
      .catch(() => null);
    if (granted?.some((grant) => grant.qos === 128) === true) {
      sayOnce(
        'warn',
        'Fleet: the broker does not let this kiosk read its own status; a late Last Will will not be corrected',
      );
    }
  };

  return {
    route: {
      limit: MESSAGE_LIMITS.status,
      handle: (bytes) => {
        const session = options.connected();
        if (!session || !stillTaken(session)) return;
        if (isOffline(bytes)) repair(session);
      },
    },
    taken: (session) => {
      statusTaken = session;
      void watch(session);
    },
    reset: () => {
      statusTaken = null;
      if (repairTimer) clearTimeout(repairTimer);
      repairTimer = null;
    },
  };
}
