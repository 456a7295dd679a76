/**
 * What the console has read of enrolment on the broker (protocol/read-message.ts's
 * TrustMessage), folded into one state by a pure function: the kiosks waiting to be
 * enrolled and the certificates retained per kiosk and serial. Certificates come in checked
 * (certificate-gate.ts): only those that verify under the pinned enrolment key are kept;
 * the others are only counted. Every collection is bounded, so a flood of messages costs
 * memory in proportion to the bounds, not to the flood, and junk never takes the place of
 * what verifies. Revocations and handovers are the shop service's records, not the broker's.
 */
import type { CertificateEnvelope, EnrolmentRequest } from '@shared/fleet/trust/kiosk-certificate';
import type { ReadMessage, TrustMessage } from '../protocol/read-message';

/** Kiosks with a request or certificates the console keeps track of. */
export const MAX_TRUST_KIOSKS = 10_000;
/** Certificates kept per kiosk: one per enrolment, reinstalls included. */
export const MAX_CERTIFICATES_PER_KIOSK = 50;
/** Certificates that did not verify, counted for the operator up to this many. */
export const MAX_UNVERIFIED = 1000;

export interface TrustState {
  requests: ReadonlyMap<string, EnrolmentRequest>;
  /** kiosk id → serial → certificate that verified under the pinned key. */
  certificates: ReadonlyMap<string, ReadonlyMap<string, CertificateEnvelope>>;
  /** `kioskId/serial` of certificates on the broker that did not verify (never kept). */
  unverified: ReadonlySet<string>;
  /** Malformed enrolment messages, for the operator to notice. */
  ignored: number;
}

export const emptyTrust = (): TrustState => ({
  requests: new Map(),
  certificates: new Map(),
  unverified: new Set(),
  ignored: 0,
});

/** A trust message as the broker worker read it. */
export type TrustInput = Extract<ReadMessage, TrustMessage>;

/** A trust message once its certificate, if any, was checked under the pinned key. */
export type CheckedTrustMessage =
  | Exclude<TrustInput, { kind: 'certificate' }>
  | (Extract<TrustInput, { kind: 'certificate' }> & { verified: boolean });

/** The state's collections in a fold: each copied on its first change, and only then. */
interface TrustDraft {
  requests: Map<string, EnrolmentRequest> | null;
  certificates: Map<string, ReadonlyMap<string, CertificateEnvelope>> | null;
  unverified: Set<string> | null;
}

/** A certificate: kept if it verified, within its kiosk's bound; noted as unverified if not. */
function takeCertificate(
  state: TrustState,
  draft: TrustDraft,
  message: Extract<CheckedTrustMessage, { kind: 'certificate' }> & {
    envelope: CertificateEnvelope;
  },
): void {
  const id = `${message.kioskId}/${message.serial}`;
  if (!message.verified) {
    // Never kept, nor counted against the kiosk's bound: junk cannot push out, or
    // replace, a certificate that verifies.
    draft.unverified ??= new Set(state.unverified);
    if (draft.unverified.size < MAX_UNVERIFIED) draft.unverified.add(id);
    return;
  }
  if ((draft.unverified ?? state.unverified).has(id)) {
    draft.unverified ??= new Set(state.unverified);
    draft.unverified.delete(id);
  }
  const certificates = (draft.certificates ??= new Map(state.certificates));
  const known = certificates.get(message.kioskId);
  if (!known && certificates.size >= MAX_TRUST_KIOSKS) return;
  if (known && !known.has(message.serial) && known.size >= MAX_CERTIFICATES_PER_KIOSK) return;
  certificates.set(message.kioskId, new Map(known).set(message.serial, message.envelope));
}

/** A certificate withdrawn (its retained message emptied). */
function clearCertificate(
  state: TrustState,
  draft: TrustDraft,
  message: Extract<CheckedTrustMessage, { kind: 'certificate-cleared' }>,
): void {
  const id = `${message.kioskId}/${message.serial}`;
  if ((draft.unverified ?? state.unverified).has(id)) {
    draft.unverified ??= new Set(state.unverified);
    draft.unverified.delete(id);
  }
  const known = (draft.certificates ?? state.certificates).get(message.kioskId);
  if (!known?.has(message.serial)) return;
  draft.certificates ??= new Map(state.certificates);
  const rest = new Map(known);
  rest.delete(message.serial);
  if (rest.size === 0) draft.certificates.delete(message.kioskId);
  else draft.certificates.set(message.kioskId, rest);
}

/** Folds a batch into the state; collections are copied once per call, and only when touched. */
export function foldTrust(state: TrustState, messages: readonly CheckedTrustMessage[]): TrustState {
  const draft: TrustDraft = {
    requests: null,
    certificates: null,
    unverified: null,
  };
  let { ignored } = state;

  for (const message of messages) {
    switch (message.kind) {
      case 'enrolment-request': {
        if (!message.request || message.request.kioskId !== message.kioskId) {
          ignored += 1;
          break;
        }
        const requests = (draft.requests ??= new Map(state.requests));
        if (requests.has(message.kioskId) || requests.size < MAX_TRUST_KIOSKS) {
          requests.set(message.kioskId, message.request);
        }
        break;
      }
      case 'enrolment-cleared':
        if (!(draft.requests ?? state.requests).has(message.kioskId)) break;
        (draft.requests ??= new Map(state.requests)).delete(message.kioskId);
        break;
      case 'certificate': {
        const { envelope } = message;
        if (!envelope) ignored += 1;
        else takeCertificate(state, draft, { ...message, envelope });
        break;
      }
      case 'certificate-cleared':
        clearCertificate(state, draft, message);
        break;
    }
  }

  const { requests, certificates, unverified } = draft;
  if (!requests && !certificates && !unverified && ignored === state.ignored) return state;
  return {
    requests: requests ?? state.requests,
    certificates: certificates ?? state.certificates,
    unverified: unverified ?? state.unverified,
    ignored,
  };
}
