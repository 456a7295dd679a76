/**
 * Which broker the next attempt goes to. With several (the nodes of a cluster,
 * fleet.brokerUrls) the first is drawn at random, so a fleet spreads over the nodes, and
 * each retry after a refused or lost connection goes to another drawn at random
 * (shared/fleet/broker-choice.ts): a kiosk whose node died moves to a live one. A node
 * where nothing listened is skipped for the backoff's cap while another is left.
 */
import { pickBrokerUrl } from '../../shared/fleet/broker-choice';

export interface BrokerRotation {
  /** The broker of the current (or next) attempt. */
  readonly current: string;
  /** A session is up at the current broker: it is no longer skipped. */
  reached(): void;
  /**
   * Leaves the current broker for another; `refused`: nothing listened there. Answers
   * whether the next attempt may go at once: a refused node is down, and one not known to
   * be is left, so the refusal cost the cluster nothing.
   */
  leave(refused: boolean): { atOnce: boolean };
}

export function createBrokerRotation(
  brokerUrls: readonly string[],
  random: () => number,
  /** How long a refused broker is skipped, ms (the backoff's cap). */
  skipMs: number,
  now: () => number = Date.now,
): BrokerRotation {
  let current = pickBrokerUrl(brokerUrls, random);
  /** Brokers that refused the connection itself (nothing listened: a crashed node), and when. */
  const unreachable = new Map<string, number>();
  /** Those refused within skipMs: skipped while another broker is left. */
  const avoided = (): Set<string> => {
    const at = now();
    for (const [url, refusedAt] of unreachable)
      if (at - refusedAt > skipMs) unreachable.delete(url);
    return new Set(unreachable.keys());
  };
  return {
    get current() {
      return current;
    },
    reached: () => {
      unreachable.delete(current);
    },
    leave: (refused) => {
      const leaving = current;
      if (refused) unreachable.set(leaving, now());
      const avoid = avoided();
      current = pickBrokerUrl(brokerUrls, random, leaving, avoid);
      return { atOnce: refused && !avoid.has(current) };
    },
  };
}
