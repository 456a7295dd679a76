/**
 * What every broker session is made of, beside its settings: the worker the connection runs
 * in (with the fleet's part of it), and the features that take part, each with its own
 * routes (connection/message-routes.ts). Their order is the order each batch reaches them:
 * the rollouts first, as a kiosk's status or health may decide a gate; the fleet's frame
 * fold last.
 */
import type { SessionParts } from '../connection/broker-session';
import { fleetFeature, startFleetWorker } from '../fleet/fleet-session';
import { diagnosticsFeature } from '../kiosks/diagnostics/diagnostics-session';
import { rolloutFeature } from '../rollouts/rollout-session';
import { trustFeature } from '../trust/trust-session';

export const SESSION_PARTS: SessionParts = {
  startWorker: startFleetWorker,
  features: [rolloutFeature, diagnosticsFeature, trustFeature, fleetFeature],
};
