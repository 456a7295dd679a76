/**
 * What the service trusts, set when it starts (flags, environment): the fleet it serves and
 * the operator's enrolment public key, pinned out of band like the counters' and kiosks'
 * copies; never learnt from a request. And how long orders are held.
 */
export interface TrustSettings {
  /** The fleet's topic prefix: certificates and revocations must name it. */
  prefix: string;
  /** base64url raw Ed25519 public key of the operator's enrolment key. */
  enrolmentKey: string;
  /** How long after it was made a receipt may still be collected. */
  holdMs: number;
}

export const DAY_MS = 24 * 60 * 60_000;
export const DEFAULT_HOLD_DAYS = 14;
/** How far ahead of the service's clock a receipt may be dated (a kiosk's clock may run fast). */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
