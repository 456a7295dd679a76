/**
 * Where each message a broker delivers goes: only this kiosk's topics count (its commands,
 * its configs, its own status, its certificates and the revocation list), even if a
 * broker's ACL lets more through; anything else is logged once and left. Every message goes
 * through one boundary (inbound-guard.ts): over its topic's byte limit it is dropped
 * unread, and nothing a handler throws or rejects with leaves the client.
 */
import { trustMessageLimit } from '../../shared/fleet/message-limits';
import { parseTrustTopic } from '../../shared/fleet/trust/trust-topics';
import type { FleetLog } from '../fleet-log';
import type { InboundGuard, InboundRoute } from './inbound-guard';

/** What the router needs of the kiosk's enrolment: its certificates and the revocations. */
export interface TrustReceiver {
  receive(topic: string, bytes: Uint8Array): Promise<void>;
}

export interface InboundRouterOptions {
  prefix: string;
  kioskId: string;
  /** The route of a topic of this kiosk's, or undefined. */
  routeOf: (topic: string) => InboundRoute | undefined;
  enrolment?: TrustReceiver;
  guard: InboundGuard;
  log: FleetLog;
}

export function createInboundRouter(
  options: InboundRouterOptions,
): (topic: string, payload: Buffer) => void {
  const { prefix, kioskId, enrolment, guard } = options;
  let strangerTopicLogged = false;
  /** This kiosk's own certificates and the revocation list, whatever else arrives. */
  const isEnrolmentTopic = (topic: string): boolean => {
    const parsed = parseTrustTopic(prefix, topic);
    return (
      parsed?.kind === 'revocations' ||
      (parsed?.kind === 'certificate' && parsed.kioskId === kioskId)
    );
  };
  return (topic, payload) => {
    const bytes = new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength);
    const route = options.routeOf(topic);
    if (route) {
      guard.deliver(topic, bytes, route);
    } else if (enrolment && isEnrolmentTopic(topic)) {
      guard.deliver(topic, bytes, {
        limit: trustMessageLimit(prefix, topic),
        handle: (message) => enrolment.receive(topic, message),
      });
    } else if (!strangerTopicLogged) {
      strangerTopicLogged = true;
      options.log.warn(
        `Fleet: ignoring messages on topics that are not this kiosk's (first: ${topic})`,
      );
    }
  };
}
