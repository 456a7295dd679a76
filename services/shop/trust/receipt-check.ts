/**
 * The service's own check of a scanned receipt code, in the counter's order
 * (docs/fleet/counter.md), failing closed: the code reads; its kiosk has a certificate kept
 * here (verified under the pinned enrolment key when it arrived); the signature verifies
 * under one of those certificates' keys; its time lies within the hold window and at most
 * five minutes ahead. Whether the signing certificate is revoked is asked of the database
 * by the caller, in the same statement that records a handover, so a revocation and a
 * claim at the same moment are ordered by the database.
 */
import { decodeReceiptCode, type ReceiptPayload } from '../../../shared/fleet/receipt-code';
import type { KnownCertificate } from '../certificates/certificate-store';
import type { KioskKeys } from '../certificates/kiosk-keys';
import { HttpError } from '../http/http-error';
import { verifyEd25519 } from './ed25519';
import { FUTURE_TOLERANCE_MS, type TrustSettings } from './trust-settings';

export type ReceiptRefusal =
  'unreadable' | 'not-enrolled' | 'bad-signature' | 'revoked' | 'too-old' | 'future';

const TITLES: Readonly<Record<ReceiptRefusal, string>> = {
  unreadable: 'Not a valid receipt',
  'not-enrolled': 'Kiosk not enrolled',
  'bad-signature': 'Receipt refused',
  revoked: 'Certificate revoked',
  'too-old': 'Receipt too old',
  future: 'Receipt dated in the future',
};

/** 422 with the refusal, its title as the counter shows it, and why. */
export function refuseReceipt(refusal: ReceiptRefusal, message: string): HttpError {
  return new HttpError(422, 'receipt-refused', message, { refusal, title: TITLES[refusal] });
}

export interface CheckedReceipt {
  payload: ReceiptPayload;
  /** The certificates whose key made the signature (usually one). */
  signers: KnownCertificate[];
}

export interface ReceiptCheckContext {
  trust: TrustSettings;
  kioskKeys: KioskKeys;
}

/** The code's payload and signers, or a refusal (HttpError 422). Revocation is not checked here. */
export async function checkReceiptSignature(
  code: string,
  context: ReceiptCheckContext,
): Promise<CheckedReceipt> {
  const decoded = decodeReceiptCode(code);
  if (decoded === null) {
    throw refuseReceipt('unreadable', 'The code is not a signed kiosk receipt, or it is damaged.');
  }
  const { payload, signed, signature } = decoded;
  const { known, signers } = await context.kioskKeys.signers(payload.k, (publicKey) =>
    verifyEd25519(publicKey, signed, signature),
  );
  if (signers.length > 0) return { payload, signers };
  if (known === 0) {
    throw refuseReceipt(
      'not-enrolled',
      `Kiosk "${payload.k}" has no certificate from the operator’s enrolment key, so its receipts are not accepted.`,
    );
  }
  throw refuseReceipt(
    'bad-signature',
    `The signature does not match any enrolled key of kiosk "${payload.k}": the code was altered or was not made by that kiosk.`,
  );
}

/** A receipt's signature checked once (checkReceiptSignature), then known by its code. */
export interface ReceiptSignatures {
  check(code: string): Promise<CheckedReceipt>;
}

/** Receipts kept at most: a busy shop's day; past it the memory starts again. */
const MAX_VERIFIED_RECEIPTS = 4096;

/**
 * Each code a counter scans is checked at least twice (its look-up, then its handover), and
 * the signature's verification was the larger part of the service's own work a claim. A
 * code that verified once verifies every time: its certificates are never changed once kept,
 * and whether one was revoked is asked of the database with each handover, never kept here.
 * Only codes that verified are kept, by their whole text, so an altered code is checked
 * afresh and refused.
 *
 * A code already being checked is not checked a second time beside it: two counters scanning
 * one receipt at once (the moment exactly-once handovers exist for) wait on the same
 * verification, and both get its answer. A refusal is forgotten as soon as it is given.
 */
export function createReceiptSignatures(context: ReceiptCheckContext): ReceiptSignatures {
  const verified = new Map<string, CheckedReceipt>();
  const checking = new Map<string, Promise<CheckedReceipt>>();
  const checkOnce = async (code: string): Promise<CheckedReceipt> => {
    try {
      const receipt = await checkReceiptSignature(code, context);
      if (verified.size >= MAX_VERIFIED_RECEIPTS) verified.clear();
      verified.set(code, receipt);
      return receipt;
    } finally {
      checking.delete(code);
    }
  };
  return {
    check(code) {
      const known = verified.get(code);
      if (known) return Promise.resolve(known);
      let pending = checking.get(code);
      if (pending === undefined) {
        pending = checkOnce(code);
        checking.set(code, pending);
      }
      return pending;
    },
  };
}

/** Refuses a receipt made longer than the hold window before `at`, or dated ahead of it. */
export function checkReceiptTime(payload: ReceiptPayload, holdMs: number, at: number): void {
  if (payload.t < at - holdMs) {
    const days = Math.round(holdMs / 86_400_000);
    throw refuseReceipt(
      'too-old',
      `This receipt is more than ${days === 1 ? '1 day' : `${days} days`} old: orders are held for that long, so it is no longer collected.`,
    );
  }
  if (payload.t > at + FUTURE_TOLERANCE_MS) {
    throw refuseReceipt(
      'future',
      'This receipt is dated more than 5 minutes ahead of the service’s clock: a kiosk’s clock may be wrong, or the code was made to look newer.',
    );
  }
}
