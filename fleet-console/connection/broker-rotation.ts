/**
 * Which broker the console's worker connects to next, when its settings name a cluster's
 * nodes: one drawn at random at first, another drawn at random from the rest after each
 * loss (shared/fleet/broker-choice.ts, as the kiosks do). The reconnector says when;
 * MQTT.js asks `current()` for the URL at every (re)connect.
 */
import { pickBrokerUrl } from '@shared/fleet/broker-choice';
import type { BrokerList } from './broker-list';

export interface BrokerRotation {
  /** The broker of the current (or next) attempt. */
  current(): string;
  /** The current broker was lost or refused: the next attempt goes to another one. */
  leave(): string;
}

export function createBrokerRotation(
  urls: BrokerList,
  random: () => number = Math.random,
): BrokerRotation {
  let current = pickBrokerUrl(urls, random);
  return {
    current: () => current,
    leave: () => {
      current = pickBrokerUrl(urls, random, current);
      return current;
    },
  };
}
