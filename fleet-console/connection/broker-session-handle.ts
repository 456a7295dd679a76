/**
 * What the rest of the console holds of an open broker session: publish, subscribe, ask,
 * close. The connection store keeps one (connection-store.ts) without knowing how it
 * is made (broker-session.ts opens it).
 */
export interface BrokerSession {
  readonly prefix: string;
  /**
   * Resolves once the broker has the message (QoS 1, the default) or it is on its way to it
   * (QoS 0: commands, whose acks say they arrived); rejects if it cannot be sent.
   */
  publish: (
    topic: string,
    payload: string,
    options: { retain: boolean; qos?: 0 | 1 },
  ) => Promise<void>;
  /** Subscribes to a topic for the session, again on every reconnect (a screenshot's). */
  watch: (topic: string) => void;
  unwatch: (topic: string) => void;
  /**
   * A one-off subscription, not renewed on reconnect; resolves once the broker has granted
   * it, so what is sent after it cannot outrun it; rejects when it cannot be made.
   */
  subscribeOnce: (topic: string) => Promise<void>;
  unsubscribeOnce: (topic: string) => void;
  /** Whether the broker is connected now. */
  connected: () => boolean;
  /** A question for the features' part of the broker worker; its answers come by `answered`. */
  ask: (question: unknown) => void;
  close: () => void;
}
