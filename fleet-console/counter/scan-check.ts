/**
 * What a scan shows: the shop service's check of the code and the receipt's handover, or,
 * while the service cannot be reached, this counter's own check against its kept copy of
 * the certificates and revocations (check-receipt.ts), with the handover left to staff.
 * A counter that has never had a copy refuses every code offline: it cannot tell a revoked
 * kiosk's receipt from a good one.
 */
import type { CertificateEnvelope } from '@shared/fleet/trust/kiosk-certificate';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import type { RevocationRecord } from '@shared/fleet/trust/revocation-record';
import type { ServiceClient } from '../service/service-client';
import { checkAtService } from './counter-calls';
import { checkReceipt } from './check-receipt';
import { waitingFor, type OutboxEntry } from './handover-outbox';
import type { ReceiptVerdict } from './receipt-result';
import type { HandoverView } from './use-handover';

export interface OfflineTrust {
  certificates: readonly CertificateEnvelope[];
  revocations: readonly RevocationRecord[];
  /** When the copies were last fetched; null: this counter never had one. */
  certificatesFrom: number | null;
  revocationsFrom: number | null;
}

export interface ScanContext {
  client: ServiceClient | null;
  prefix: string;
  enrolmentKey: string;
  holdMs: number;
  subtle: Ed25519Verifier<CryptoKey>;
  trust: OfflineTrust;
  outbox: readonly OutboxEntry[];
  now: number;
}

export type ScanOutcome =
  | {
      kind: 'shown';
      code: string;
      verdict: ReceiptVerdict;
      /** Why this counter checked it itself; null: the service did. */
      checkedHere: string | null;
      /** Where its handover starts, for a verified receipt. */
      handover: HandoverView | null;
    }
  | { kind: 'signed-out' };

const NO_COPY: ReceiptVerdict = {
  kind: 'refused',
  title: 'Cannot check receipts here now',
  reason:
    'The shop service cannot be reached, and this counter has no copy of the kiosks’ certificates and the revocations yet (it takes one while signed in). Wait for the service, or check the receipt at another counter.',
};

/** Where a verified receipt's handover starts, given what the service (or nobody) said. */
function startOf(
  outbox: readonly OutboxEntry[],
  kioskId: string,
  receiptId: string,
  otherwise: HandoverView,
): HandoverView {
  const waiting = waitingFor(outbox, kioskId, receiptId);
  return waiting ? { phase: 'queued', entry: waiting } : otherwise;
}

async function checkHere(code: string, why: string, context: ScanContext): Promise<ScanOutcome> {
  const { trust } = context;
  if (trust.certificatesFrom === null || trust.revocationsFrom === null) {
    return { kind: 'shown', code, verdict: NO_COPY, checkedHere: why, handover: null };
  }
  const result = await checkReceipt(code, {
    prefix: context.prefix,
    enrolmentKey: context.enrolmentKey,
    certificatesFor: (kioskId) =>
      trust.certificates
        .filter((envelope) => envelope.certificate.kioskId === kioskId)
        .map((envelope) => ({ serial: envelope.certificate.serial, envelope })),
    revocations: trust.revocations,
    holdMs: context.holdMs,
    now: context.now,
    subtle: context.subtle,
  });
  if (result.kind === 'refused') {
    const verdict = { kind: 'refused' as const, title: result.title, reason: result.reason };
    return { kind: 'shown', code, verdict, checkedHere: why, handover: null };
  }
  const { receipt, certificate } = result;
  return {
    kind: 'shown',
    code,
    verdict: { kind: 'verified', receipt, store: certificate.store },
    checkedHere: why,
    handover: startOf(context.outbox, receipt.k, receipt.r, {
      phase: 'unconfirmed',
      why,
      from: 'check',
    }),
  };
}

export async function scanCheck(text: string, context: ScanContext): Promise<ScanOutcome> {
  const code = text.trim();
  const outcome = context.client
    ? await checkAtService(context.client, code)
    : { kind: 'unreachable' as const, why: 'no shop service is set (Connection)' };
  switch (outcome.kind) {
    case 'signed-out':
      return outcome;
    case 'unreachable':
      return checkHere(code, outcome.why, context);
    case 'refused': {
      const { title, message } = outcome.refusal;
      const verdict = { kind: 'refused' as const, title, reason: message };
      return { kind: 'shown', code, verdict, checkedHere: null, handover: null };
    }
    case 'checked': {
      const { receipt, certificate, handover } = outcome.answer;
      return {
        kind: 'shown',
        code,
        verdict: { kind: 'verified', receipt, store: certificate.store },
        checkedHere: null,
        handover: handover
          ? { phase: 'collected', handover }
          : startOf(context.outbox, receipt.k, receipt.r, { phase: 'ready' }),
      };
    }
  }
}
