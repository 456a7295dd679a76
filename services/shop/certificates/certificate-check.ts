/**
 * Whether a certificate someone hands the service (the console after enrolment, a kiosk with
 * its first order) is the operator's: its shape, its fleet, and its signature under the
 * pinned enrolment key. Only then is it kept.
 */
import {
  certificateEnvelopeSchema,
  checkCertificate,
  type CertificateEnvelope,
} from '../../../shared/fleet/trust/kiosk-certificate';
import { subtle } from '../trust/ed25519';
import type { TrustSettings } from '../trust/trust-settings';

export type CertificateVerdict =
  { ok: true; envelope: CertificateEnvelope } | { ok: false; reason: string };

export async function verifyCertificate(
  value: unknown,
  trust: TrustSettings,
): Promise<CertificateVerdict> {
  const parsed = certificateEnvelopeSchema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: 'not a kiosk certificate' };
  const envelope = parsed.data;
  const check = await checkCertificate(
    envelope,
    { prefix: trust.prefix, kioskId: envelope.certificate.kioskId },
    trust.enrolmentKey,
    subtle,
  );
  if (check.ok) return { ok: true, envelope };
  return {
    ok: false,
    reason:
      check.reason === 'another fleet'
        ? `it was issued for another fleet, not "${trust.prefix}"`
        : 'its signature does not verify under the enrolment key',
  };
}
