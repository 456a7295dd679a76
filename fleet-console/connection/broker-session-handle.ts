/**
 * What the rest of the console holds of an open broker session: publish, watch a screenshot,
 * close. The store keeps one (fleet/fleet-store.ts) without knowing how it is made
 * (broker-session.ts opens it).
 */
export interface BrokerSession {
  readonly prefix: string;
  /** Resolves once the broker has the message (QoS 1), rejects if it cannot be sent. */
  publish: (topic: string, payload: string, options: { retain: boolean }) => Promise<void>;
  /** Subscribes to this kiosk's retained screenshot (null: to none). */
  watchScreenshot: (kioskId: string | null) => void;
  close: () => void;
}
