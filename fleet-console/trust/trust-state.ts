/**
 * What the console has read of enrolment and handovers (protocol/read-message.ts's TrustMessage),
 * folded into one state by a pure function: the kiosks waiting to be enrolled, the
 * certificates retained per kiosk and serial, the revocation list the broker offered last,
 * the latest handover records and the conflicts counters reported. Certificates come in
 * checked (certificate-gate.ts): only those that verify under the pinned enrolment key are
 * kept; the others are only counted. The rest is not trusted yet: the list is verified by
 * the revocation keeper, and certificates again where they are used. Every collection is
 * bounded, so a flood of messages costs memory in proportion to the bounds, not to the
 * flood, and junk never takes the place of what verifies.
 */
import type { HandoverConflict, HandoverRecord } from '@shared/fleet/handover-messages';
import type { CertificateEnvelope, EnrolmentRequest } from '@shared/fleet/trust/kiosk-certificate';
import type { RevocationEnvelope } from '@shared/fleet/trust/revocation-list';
import type { ReadMessage, TrustMessage } from '../protocol/read-message';

/** Kiosks with a request or certificates the console keeps track of. */
export const MAX_TRUST_KIOSKS = 10_000;
/** Certificates kept per kiosk: one per enrolment, reinstalls included. */
export const MAX_CERTIFICATES_PER_KIOSK = 50;
export const RECENT_HANDOVERS = 50;
export const MAX_CONFLICTS = 500;
/** Certificates that did not verify, counted for the operator up to this many. */
export const MAX_UNVERIFIED = 1000;

export interface HandoverSeen {
  kioskId: string;
  receiptId: string;
  record: HandoverRecord;
}

export interface ConflictSeen {
  kioskId: string;
  receiptId: string;
  conflict: HandoverConflict;
}

export interface TrustState {
  requests: ReadonlyMap<string, EnrolmentRequest>;
  /** kiosk id → serial → certificate that verified under the pinned key. */
  certificates: ReadonlyMap<string, ReadonlyMap<string, CertificateEnvelope>>;
  /** `kioskId/serial` of certificates on the broker that did not verify (never kept). */
  unverified: ReadonlySet<string>;
  /**
   * The list the broker offered last, not yet verified. Its version is not weighed here: an
   * unverified version is anyone's word, and a junk list at the highest version would shut
   * out every genuine list after it. The revocation keeper compares versions among the
   * lists that verify under the pinned key (revocation-keeper.ts).
   */
  revocations: RevocationEnvelope | null;
  /** Newest first. */
  handovers: readonly HandoverSeen[];
  /** By `kioskId/receiptId`. */
  conflicts: ReadonlyMap<string, ConflictSeen>;
  /** Malformed enrolment or handover messages, for the operator to notice. */
  ignored: number;
}

export const emptyTrust = (): TrustState => ({
  requests: new Map(),
  certificates: new Map(),
  unverified: new Set(),
  revocations: null,
  handovers: [],
  conflicts: new Map(),
  ignored: 0,
});

export const receiptKey = (kioskId: string, receiptId: string): string => `${kioskId}/${receiptId}`;

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
  conflicts: Map<string, ConflictSeen> | null;
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

/** The recent handovers with this one first (newest first, one per receipt). */
function withHandover(
  handovers: TrustState['handovers'],
  kioskId: string,
  receiptId: string,
  record: HandoverRecord,
): TrustState['handovers'] {
  const key = receiptKey(kioskId, receiptId);
  const others = handovers.filter((seen) => receiptKey(seen.kioskId, seen.receiptId) !== key);
  return [{ kioskId, receiptId, record }, ...others]
    .sort((a, b) => b.record.at - a.record.at)
    .slice(0, RECENT_HANDOVERS);
}

/** Folds a batch into the state; collections are copied once per call, and only when touched. */
export function foldTrust(state: TrustState, messages: readonly CheckedTrustMessage[]): TrustState {
  const draft: TrustDraft = {
    requests: null,
    certificates: null,
    unverified: null,
    conflicts: null,
  };
  let { revocations, handovers, ignored } = state;

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
      case 'revocations':
        if (!message.envelope) ignored += 1;
        else revocations = message.envelope;
        break;
      case 'handover': {
        const record = message.message;
        // Probes and claims are the desk's business; the console lists what was handed over.
        if (record?.type !== 'collected') {
          if (record === null && message.payload.byteLength > 0) ignored += 1;
          break;
        }
        handovers = withHandover(handovers, message.kioskId, message.receiptId, record);
        break;
      }
      case 'handover-claim':
        // Claims are the desk's business alone.
        break;
      case 'handover-conflict': {
        if (!message.conflict) {
          ignored += 1;
          break;
        }
        const conflicts = (draft.conflicts ??= new Map(state.conflicts));
        const key = receiptKey(message.kioskId, message.receiptId);
        if (conflicts.has(key) || conflicts.size < MAX_CONFLICTS) {
          conflicts.set(key, {
            kioskId: message.kioskId,
            receiptId: message.receiptId,
            conflict: message.conflict,
          });
        }
        break;
      }
      case 'handover-conflict-cleared': {
        const key = receiptKey(message.kioskId, message.receiptId);
        if (!(draft.conflicts ?? state.conflicts).has(key)) break;
        (draft.conflicts ??= new Map(state.conflicts)).delete(key);
        break;
      }
    }
  }

  const { requests, certificates, unverified, conflicts } = draft;
  if (
    !requests &&
    !certificates &&
    !unverified &&
    !conflicts &&
    revocations === state.revocations &&
    handovers === state.handovers &&
    ignored === state.ignored
  ) {
    return state;
  }
  return {
    requests: requests ?? state.requests,
    certificates: certificates ?? state.certificates,
    unverified: unverified ?? state.unverified,
    revocations,
    handovers,
    conflicts: conflicts ?? state.conflicts,
    ignored,
  };
}
