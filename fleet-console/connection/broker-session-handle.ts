/**
 * What the rest of the console holds of an open broker session: publish, watch a screenshot,
 * close. The store keeps one (fleet/fleet-store.ts) without knowing how it is made
 * (broker-session.ts opens it).
 */
import type { FleetViewRequest } from '../fleet/fleet-viewer';

export interface BrokerSession {
  readonly prefix: string;
  /** Connected through a list of brokers, not one (console-settings.ts, isBrokerCluster). */
  readonly cluster: boolean;
  /**
   * Resolves once the broker has the message (QoS 1, the default) or it is on its way to it
   * (QoS 0: commands, whose acks say they arrived); rejects if it cannot be sent.
   */
  publish: (
    topic: string,
    payload: string,
    options: { retain: boolean; qos?: 0 | 1 },
  ) => Promise<void>;
  /** Asks the worker for this view of the kiosks it keeps (fleet/fleet-viewer.ts). */
  viewFleet: (request: FleetViewRequest) => void;
  /** Subscribes to this kiosk's retained screenshot (null: to none). */
  watchScreenshot: (kioskId: string | null) => void;
  /**
   * Subscribes to this kiosk's diagnostics chunks (kept for the session); resolves once
   * the broker has granted it, so a command sent after it cannot outrun the subscription.
   */
  watchDiagnostics: (kioskId: string) => Promise<void>;
  /** The handover desk's link: one-off subscriptions, and the messages of handover topics. */
  handovers: HandoverLink;
  close: () => void;
}

export interface HandoverLink {
  /** Resolves once the broker has acknowledged it; rejects when it cannot be made. */
  subscribe: (topic: string) => Promise<void>;
  unsubscribe: (topic: string) => void;
  /** Whether the broker is connected now. */
  connected: () => boolean;
  /** Every message on a handover topic, in the order the broker sent them. */
  onMessage: (
    listener: (topic: string, payload: Uint8Array, retained: boolean) => void,
  ) => () => void;
}
