/**
 * How what the broker sends reaches the features, without the connection knowing any of
 * them. The broker worker reads every message (protocol/read-message.ts) and posts them in
 * batches; a feature names the kinds of message it wants (each kind is one family of topics)
 * and is handed, per batch, those of them in the order the broker sent them. A message goes
 * to every route that names its kind.
 *
 * Features take part in each session (session-features.ts in app/ lists them): as a session
 * opens, each forgets what the last one brought and gives its routes for this one.
 */
import type { ReadMessage } from '../protocol/read-message';
import type { ConsoleSettings } from './console-settings';

export type MessageKind = ReadMessage['kind'];
export type MessageOf<K extends MessageKind> = Extract<ReadMessage, { kind: K }>;

export interface MessageRoute {
  /** The kinds of message this route takes. */
  readonly kinds: readonly MessageKind[];
  /** A batch's messages of those kinds, in the broker's order; never an empty list. */
  take(messages: readonly ReadMessage[]): void;
}

/** A route for these kinds, whose `take` is given messages of those kinds only. */
export function route<K extends MessageKind>(
  kinds: readonly K[],
  take: (messages: readonly MessageOf<K>[]) => void,
): MessageRoute {
  // The table hands a route only messages of the kinds it names (createRouteTable).
  return { kinds, take: (messages) => take(messages as readonly MessageOf<K>[]) };
}

/** A feature's part in one broker session. */
export interface FeatureSession {
  routes: readonly MessageRoute[];
  /** What the feature's part of the broker worker answered (BrokerSession.ask). */
  answered?(answer: unknown): void;
  /** The session closed: nothing more comes. */
  close?(): void;
}

/** A feature that takes part in every broker session. */
export interface SessionFeature {
  /** A session opens (a new broker, prefix or key): nothing known from the last applies. */
  open(settings: ConsoleSettings): FeatureSession;
}

export interface RouteTable {
  /** Hands a batch to every route that takes some of it. */
  dispatch(messages: readonly ReadMessage[]): void;
}

export function createRouteTable(routes: readonly MessageRoute[]): RouteTable {
  const all: readonly MessageRoute[] = [...routes];
  return {
    dispatch(messages) {
      // One pass over the batch, whatever the number of routes: a fleet's thousands of
      // messages are sorted once, by kind, into each route's share.
      const shares = new Map<MessageRoute, ReadMessage[]>();
      const byKind = new Map<MessageKind, MessageRoute[]>();
      for (const one of all) {
        for (const kind of one.kinds) byKind.set(kind, [...(byKind.get(kind) ?? []), one]);
      }
      for (const message of messages) {
        for (const one of byKind.get(message.kind) ?? []) {
          const share = shares.get(one);
          if (share) share.push(message);
          else shares.set(one, [message]);
        }
      }
      for (const one of all) {
        const share = shares.get(one);
        if (share) one.take(share);
      }
    },
  };
}
