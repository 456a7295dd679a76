/**
 * Certificates are checked as they arrive, before the trust state keeps them: only one that
 * verifies under the enrolment key pinned in this console, for this fleet, kiosk and serial,
 * is kept, and counts against its kiosk's bound (trust-state.ts). So certificates published
 * by anyone who may write there, however many, can never push a genuine one out. The key is
 * the session's (a new key opens a new session, which reads every certificate again).
 */
import { checkCertificate } from '@shared/fleet/trust/kiosk-certificate';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import type { CheckedTrustMessage, TrustInput } from './trust-state';

/** Checks already made (retained certificates come again at every reconnect); cleared when full. */
const MAX_CHECKED = 20_000;

export type CertificateGate = (messages: readonly TrustInput[]) => Promise<CheckedTrustMessage[]>;

export function createCertificateGate(
  prefix: string,
  /** The pinned enrolment public key; '' when none is set (nothing verifies). */
  enrolmentKey: string,
  /** WebCrypto; null outside a secure context (nothing verifies). */
  subtle: Ed25519Verifier<CryptoKey> | null,
): CertificateGate {
  const checked = new Map<string, boolean>();

  const verify = async (
    message: Extract<TrustInput, { kind: 'certificate' }>,
  ): Promise<boolean> => {
    const { envelope, kioskId, serial } = message;
    if (!envelope || enrolmentKey === '' || subtle === null) return false;
    // The whole envelope, not its signature alone: other fields under the same signature
    // must be checked afresh (and fail).
    const memo = `${kioskId} ${serial} ${JSON.stringify(envelope)}`;
    const known = checked.get(memo);
    if (known !== undefined) return known;
    let ok: boolean;
    try {
      const place = { prefix, kioskId, serial };
      ok = (await checkCertificate(envelope, place, enrolmentKey, subtle)).ok;
    } catch {
      ok = false;
    }
    if (checked.size >= MAX_CHECKED) checked.clear();
    checked.set(memo, ok);
    return ok;
  };

  return (messages) =>
    Promise.all(
      messages.map(async (message): Promise<CheckedTrustMessage> =>
        message.kind === 'certificate' ? { ...message, verified: await verify(message) } : message,
      ),
    );
}
