/**
 * Which store and region the operator signed a kiosk into, as the console and the exporter
 * read it: its newest certificate that verified under the pinned enrolment key, unless a
 * verified revocation list ends it (an older certificate never comes back in its place, as
 * on the kiosk: fleet-agent/identity/enrolment.ts). A store or region that is not a group id
 * (an older "Main store") is no group.
 *
 * What a kiosk's status says of its groups is its own word, which any login that may write
 * its status could have chosen: it never puts a kiosk in a store's rollout, rollup or
 * labels. Where it names a group its certificate contradicts, the kiosk is shown as a
 * mismatch.
 */
import { isValidGroupId, type KioskGroups } from '../groups';
import { isNewerCertificate } from './kiosk-certificate';
import type { RevocationList } from './revocation-list';

/** A kiosk's groups by the certificate in force. */
export interface CertifiedGroups extends KioskGroups {
  /** The certificate's serial. */
  serial: string;
}

/** Whether a certificate is revoked: made once per list (revokedSerials), asked per kiosk. */
export type IsRevoked = (kioskId: string, serial: string) => boolean;

/** The revoked certificates of a list, for asking about thousands of kiosks at once. */
export function revokedSerials(list: RevocationList | null): IsRevoked {
  const revoked = new Set((list?.revoked ?? []).map((entry) => `${entry.kioskId}/${entry.serial}`));
  return (kioskId, serial) => revoked.has(`${kioskId}/${serial}`);
}

const groupOrNull = (value: string | undefined): string | null =>
  value !== undefined && isValidGroupId(value) ? value : null;

/** What of a verified certificate places its kiosk. */
export interface PlacingCertificate {
  kioskId: string;
  serial: string;
  issuedAt: number;
  store: string;
  region?: string | undefined;
}

/**
 * The groups a kiosk's verified certificates give it: those its newest one names, or null
 * when it has none, or when the newest is revoked.
 */
export function certifiedGroupsOf(
  certificates: Iterable<PlacingCertificate>,
  isRevoked: IsRevoked,
): CertifiedGroups | null {
  let newest: PlacingCertificate | null = null;
  for (const certificate of certificates) {
    if (newest === null || isNewerCertificate(certificate, newest)) newest = certificate;
  }
  if (newest === null || isRevoked(newest.kioskId, newest.serial)) return null;
  return {
    store: groupOrNull(newest.store),
    region: groupOrNull(newest.region),
    serial: newest.serial,
  };
}

/** The groups a status names that its certificate contradicts; null when none does. */
export interface GroupMismatch {
  /** What the status names, where the certificate names another store. */
  store?: { claimed: string; certified: string };
  region?: { claimed: string; certified: string };
}

/**
 * Where a kiosk's own word contradicts the operator's: a store (region) its status names
 * while its certificate names another. A status that names none (an older kiosk), or a
 * kiosk whose certificate names none, contradicts nothing: its claim is simply not used.
 */
export function groupMismatch(
  certified: KioskGroups | null,
  claimed: KioskGroups,
): GroupMismatch | null {
  if (certified === null) return null;
  const mismatch: GroupMismatch = {};
  for (const kind of ['store', 'region'] as const) {
    const said = claimed[kind];
    const signed = certified[kind];
    if (said !== null && signed !== null && said !== signed) {
      mismatch[kind] = { claimed: said, certified: signed };
    }
  }
  return mismatch.store || mismatch.region ? mismatch : null;
}
