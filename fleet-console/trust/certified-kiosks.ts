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

type Certificates = ReadonlyMap<string, ReadonlyMap<string, CertificateEnvelope>>;

const groupsOf = (bySerial: ReadonlyMap<string, CertificateEnvelope>, isRevoked: IsRevoked) =>
  certifiedGroupsOf(
    [...bySerial.values()].map((envelope) => envelope.certificate),
    isRevoked,
  );

/** Every kiosk with a certificate in force, and the groups it names. */
export function certifiedKiosks(certificates: Certificates, isRevoked: IsRevoked): CertifiedKiosks {
  const certified = new Map<string, CertifiedGroups>();
  for (const [kioskId, bySerial] of certificates) {
    const groups = groupsOf(bySerial, isRevoked);
    if (groups) certified.set(kioskId, groups);
  }
  return certified;
}

/**
 * certifiedKiosks that works out again only the kiosks whose certificates changed since its
 * last answer: the trust state keeps each untouched kiosk's certificates as the same object,
 * so 10,000 certificates arriving in a hundred batches cost a hundred passes of identity
 * checks, not a hundred checks of every certificate. New revocations work it all out afresh.
 */
export function createCertifier(): (
  certificates: Certificates,
  isRevoked: IsRevoked,
) => CertifiedKiosks {
  let last: {
    certificates: Certificates;
    isRevoked: IsRevoked;
    certified: CertifiedKiosks;
  } | null = null;
  return (certificates, isRevoked) => {
    if (last?.certificates === certificates && last.isRevoked === isRevoked) return last.certified;
    let certified: CertifiedKiosks;
    if (last?.isRevoked !== isRevoked) {
      certified = certifiedKiosks(certificates, isRevoked);
    } else {
      const before = last.certificates;
      const next = new Map(last.certified);
      for (const kioskId of before.keys()) if (!certificates.has(kioskId)) next.delete(kioskId);
      for (const [kioskId, bySerial] of certificates) {
        if (before.get(kioskId) === bySerial) continue;
        const groups = groupsOf(bySerial, isRevoked);
        if (groups) next.set(kioskId, groups);
        else next.delete(kioskId);
      }
      certified = next;
    }
    last = { certificates, isRevoked, certified };
    return certified;
  };
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
