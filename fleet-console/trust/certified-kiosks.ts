/**
 * Which store and region each kiosk is in, by the operator's word: the groups its newest
 * certificate names (shared/fleet/trust/certified-groups.ts), among the certificates this console
 * verified under its pinned enrolment key (trust-state.ts keeps no other), unless one of the
 * shop service's revocations, verified here, ends it. The kiosks view, the rollups and the rollouts group
 * kiosks by this alone (app/certified-wiring.ts hands it to them).
 */
import {
  certifiedGroupsOf,
  type CertifiedGroups,
  type IsRevoked,
} from '@shared/fleet/trust/certified-groups';
import type { CertificateEnvelope } from '@shared/fleet/trust/kiosk-certificate';

export type CertifiedKiosks = ReadonlyMap<string, CertifiedGroups>;

/** Every kiosk with a certificate in force, and the groups it names. */
export function certifiedKiosks(
  certificates: ReadonlyMap<string, ReadonlyMap<string, CertificateEnvelope>>,
  isRevoked: IsRevoked,
): CertifiedKiosks {
  const certified = new Map<string, CertifiedGroups>();
  for (const [kioskId, bySerial] of certificates) {
    const groups = certifiedGroupsOf(
      [...bySerial.values()].map((envelope) => envelope.certificate),
      isRevoked,
    );
    if (groups) certified.set(kioskId, groups);
  }
  return certified;
}

const sameGroups = (one: CertifiedGroups, other: CertifiedGroups): boolean =>
  one.serial === other.serial && one.store === other.store && one.region === other.region;

/** What changed from `before` to `after`: each kiosk's groups now, or null when it has none. */
export function certifiedChanges(
  before: CertifiedKiosks,
  after: CertifiedKiosks,
): [string, CertifiedGroups | null][] {
  const changes: [string, CertifiedGroups | null][] = [];
  for (const [kioskId, groups] of after) {
    const was = before.get(kioskId);
    if (!was || !sameGroups(was, groups)) changes.push([kioskId, groups]);
  }
  for (const kioskId of before.keys()) if (!after.has(kioskId)) changes.push([kioskId, null]);
  return changes;
}
