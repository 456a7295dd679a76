/**
 * The brokers the console connects to: one broker's WebSockets URL, or a cluster's nodes.
 * The setting is text where a person or a file gives it (the connection form, a link,
 * `npm run fleet`'s presets, what was saved), comma-separated; it is read into this list
 * there, once, and everything past that edge (the settings' checks, the password's rule,
 * the worker's choice of node) takes the list.
 */
import { splitBrokerList } from '@shared/fleet/broker-choice';

/** Each URL as given, trimmed, in the order given; never an empty item. */
export type BrokerList = readonly string[];

export const NO_BROKERS: BrokerList = [];

/** The list a comma-separated setting names (spaces around commas, empty items dropped). */
export function parseBrokerList(text: string): BrokerList {
  return splitBrokerList(text);
}

/** The list as the setting is written and shown: comma-separated. */
export function brokerListText(brokers: BrokerList): string {
  return brokers.join(', ');
}

/** Whether two lists name the same brokers in the same order. */
export function sameBrokers(one: BrokerList, other: BrokerList): boolean {
  return one.length === other.length && one.every((url, index) => url === other[index]);
}

/**
 * Whether every broker `candidate` names is one of `servedFor`'s (the brokers a password
 * came with): only then may that password go with it. An empty list names none.
 */
export function brokersWithin(candidate: BrokerList, servedFor: BrokerList): boolean {
  const allowed = new Set(servedFor);
  return candidate.length > 0 && candidate.every((url) => allowed.has(url));
}
