/**
 * What the counter makes of a scanned code by itself, while the shop service (which checks
 * every code the same way, and decides the handover) cannot be reached: a verified receipt,
 * or a refusal that says which check failed. Fails closed: anything short of every check
 * passing is refused.
 *
 * The checks, in order (docs/fleet/counter.md says what each stops):
 * 1. the code decodes to a well-formed receipt (receipt-code.ts);
 * 2. an enrolment key is pinned in this console (never one from the broker or the service);
 * 3. the kiosk it names has a certificate in this counter's copy that verifies under that
 *    key for this fleet, kiosk and serial;
 * 4. the receipt's signature verifies under the key of one of those certificates;
 * 5. no revocation in this counter's copy, each record verified under the same key, names
 *    that certificate;
 * 6. its time lies within the hold window, and no more than five minutes ahead.
 *
 * Decoding and the Ed25519 checks are shared/fleet's, with the browser's WebCrypto.
 */
import {
  checkCertificate,
  type CertificateEnvelope,
  type KioskCertificate,
} from '@shared/fleet/trust/kiosk-certificate';
import {
  decodeReceiptCode,
  RECEIPT_CODE_PREFIX,
  RECEIPT_ID_PATTERN,
  verifyReceiptCode,
  type Ed25519Verifier,
  type ReceiptPayload,
} from '@shared/fleet/receipt-code';
import { revocationFor, type RevocationRecord } from '@shared/fleet/trust/revocation-record';
import { formatClock } from '../lib/format';

/** How far ahead of this counter's clock a receipt may be dated (the kiosk's clock may run fast). */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
export const DAY_MS = 24 * 60 * 60_000;

export type Refusal =
  | 'unreadable'
  | 'no-enrolment-key'
  | 'not-enrolled'
  | 'bad-signature'
  | 'revoked'
  | 'too-old'
  | 'future';

export type CheckResult =
  | { kind: 'verified'; receipt: ReceiptPayload; certificate: KioskCertificate }
  | { kind: 'refused'; refusal: Refusal; title: string; reason: string };

export interface KeptCertificate {
  /** The serial it was kept under. */
  serial: string;
  envelope: CertificateEnvelope;
}

export interface CheckContext {
  prefix: string;
  /** The enrolment public key pinned in this console; '' when none is set. */
  enrolmentKey: string;
  /** This counter's copy of a kiosk's certificates (checked again here). */
  certificatesFor: (kioskId: string) => readonly KeptCertificate[];
  /** This counter's copy of the revocations, each verified under the pinned key. */
  revocations: readonly RevocationRecord[];
  /** The hold window, set in the console. */
  holdMs: number;
  now: number;
  /** WebCrypto (crypto.subtle in the page). */
  subtle: Ed25519Verifier<CryptoKey>;
}

function unreadable(code: string): string {
  if (code.length === 0) return 'Nothing was scanned.';
  if (RECEIPT_ID_PATTERN.test(code)) {
    return 'This is a plain receipt id, not a signed receipt code: it cannot be checked. Its kiosk is not enrolled yet, has no fleet configured, or it came from the web shop.';
  }
  if (!code.startsWith(RECEIPT_CODE_PREFIX)) return 'This is not a kiosk receipt code.';
  return 'The receipt code is damaged or incomplete: it cannot be read.';
}

const refuse = (refusal: Refusal, title: string, reason: string): CheckResult => ({
  kind: 'refused',
  refusal,
  title,
  reason,
});

const days = (ms: number): string => {
  const whole = Math.round(ms / DAY_MS);
  return whole === 1 ? '1 day' : `${whole} days`;
};

export async function checkReceipt(text: string, context: CheckContext): Promise<CheckResult> {
  const decoded = decodeReceiptCode(text);
  if (!decoded) return refuse('unreadable', 'Not a valid receipt', unreadable(text.trim()));
  const { payload } = decoded;
  if (context.enrolmentKey === '') {
    return refuse(
      'no-enrolment-key',
      'This counter cannot check receipts yet',
      'No enrolment public key is set in this console (Connection → Enrolment public key), so no kiosk’s receipts can be trusted.',
    );
  }

  // Certificates that verify under the pinned key, for this fleet, kiosk and serial.
  const certificates: KioskCertificate[] = [];
  for (const { serial, envelope } of context.certificatesFor(payload.k)) {
    const check = await checkCertificate(
      envelope,
      { prefix: context.prefix, kioskId: payload.k, serial },
      context.enrolmentKey,
      context.subtle,
    );
    if (check.ok) certificates.push(check.certificate);
  }
  if (certificates.length === 0) {
    return refuse(
      'not-enrolled',
      'Kiosk not enrolled',
      `Kiosk "${payload.k}" has no certificate from the operator’s enrolment key, so its receipts are not accepted. The operator enrols it in the console (Enrolment).`,
    );
  }

  // The certificates whose key made this signature: usually one.
  const signers: KioskCertificate[] = [];
  for (const certificate of certificates) {
    const check = await verifyReceiptCode(text, certificate.publicKey, context.subtle);
    if (check.ok) signers.push(certificate);
  }
  if (signers.length === 0) {
    return refuse(
      'bad-signature',
      'Receipt refused',
      `The signature does not match any enrolled key of kiosk "${payload.k}": the code was altered or was not made by that kiosk.`,
    );
  }
  const signer = signers.find(
    (certificate) => revocationFor(context.revocations, payload.k, certificate.serial) === null,
  );
  if (!signer) {
    const [first] = signers;
    const record = first ? revocationFor(context.revocations, payload.k, first.serial) : null;
    const when = record ? formatClock(record.revocation.revokedAt) : 'an unknown date';
    return refuse(
      'revoked',
      'Certificate revoked',
      `Kiosk "${payload.k}" signed this receipt under certificate ${first?.serial ?? ''}, which was revoked on ${when} (${record?.revocation.reason ?? 'no reason given'}). Its receipts are no longer accepted.`,
    );
  }

  if (payload.t < context.now - context.holdMs) {
    return refuse(
      'too-old',
      'Receipt too old',
      `This receipt is from ${formatClock(payload.t)}, more than ${days(context.holdMs)} ago: orders are held for ${days(context.holdMs)}, so it is no longer collected here.`,
    );
  }
  if (payload.t > context.now + FUTURE_TOLERANCE_MS) {
    return refuse(
      'future',
      'Receipt dated in the future',
      `This receipt is dated ${formatClock(payload.t)}, more than 5 minutes ahead of this counter’s clock. A kiosk’s clock may be wrong, or the code was made to look newer.`,
    );
  }
  return { kind: 'verified', receipt: decoded.payload, certificate: signer };
}
