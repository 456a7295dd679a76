/**
 * Which store and region each kiosk is in, for the exporter's labels: the groups its newest
 * certificate names (shared/fleet/trust/certified-groups.ts), among those that verify under
 * the enrolment public key the exporter was given (`--enrolment-key`), unless the newest
 * revocation list that verifies ends it. What a kiosk's status or health says of its groups
 * is its own word and never labels it; without the key, no kiosk has a store or region here.
 *
 * Network input: each message's size is checked before it is decoded, its signature before
 * anything is kept, and nothing here throws. Only the operator's signature moves a kiosk: an
 * emptied certificate topic changes nothing, an older certificate is set aside, and a list
 * only ever goes forward. Kept: one certificate per kiosk, for at most MAX_FLEET_KIOSKS.
 */
import type { webcrypto } from 'node:crypto';
import { MAX_FLEET_KIOSKS } from '../../shared/fleet/kiosk-bound';
import type { Ed25519Verifier } from '../../shared/fleet/receipt-code';
import {
  certifiedGroupsOf,
  revokedSerials,
  type CertifiedGroups,
  type IsRevoked,
  type PlacingCertificate,
} from '../../shared/fleet/trust/certified-groups';
import {
  checkCertificate,
  isNewerCertificate,
  readCertificateMessage,
} from '../../shared/fleet/trust/kiosk-certificate';
import {
  checkRevocationList,
  readRevocationMessage,
  type RevocationList,
} from '../../shared/fleet/trust/revocation-list';
import { parseTrustTopic } from '../../shared/fleet/trust/trust-topics';

export interface ExporterTrustOptions {
  prefix: string;
  /** The enrolment public key (base64url raw); '' when none was given: nothing verifies. */
  enrolmentKey: string;
  subtle: Ed25519Verifier<webcrypto.CryptoKey>;
  /** A kiosk's certified groups changed (null: it has none now). */
  onChange?: (kioskId: string, groups: CertifiedGroups | null) => void;
  maxKiosks?: number;
}

export interface ExporterTrust {
  /** Whether a topic is one this weighs (a certificate, the revocation list). */
  handles(topic: string): boolean;
  /** A message on one of those topics; resolves once it is weighed. Never rejects. */
  take(topic: string, payload: Uint8Array): Promise<void>;
  certified(kioskId: string): CertifiedGroups | null;
  /** Certificates or lists that did not verify, or were malformed, since the start. */
  readonly refused: number;
  /** Certificates not kept because MAX_FLEET_KIOSKS kiosks already have one. */
  readonly overLimit: number;
}

export function createExporterTrust(options: ExporterTrustOptions): ExporterTrust {
  const { prefix, enrolmentKey, subtle } = options;
  const maxKiosks = options.maxKiosks ?? MAX_FLEET_KIOSKS;
  const newest = new Map<string, PlacingCertificate>();
  let list: RevocationList | null = null;
  let isRevoked: IsRevoked = revokedSerials(null);
  let refused = 0;
  let overLimit = 0;
  const groupsOf = (kioskId: string): CertifiedGroups | null => {
    const certificate = newest.get(kioskId);
    return certificate ? certifiedGroupsOf([certificate], isRevoked) : null;
  };

  const takeCertificate = async (kioskId: string, serial: string, payload: Uint8Array) => {
    // Emptied on the broker: not a signed word, so the kiosk stays where it is.
    if (payload.byteLength === 0) return;
    const envelope = readCertificateMessage(payload);
    if (envelope === null || enrolmentKey === '') {
      refused += 1;
      return;
    }
    const check = await checkCertificate(
      envelope,
      { prefix, kioskId, serial },
      enrolmentKey,
      subtle,
    );
    if (!check.ok) {
      refused += 1;
      return;
    }
    const known = newest.get(kioskId);
    if (known && !isNewerCertificate(check.certificate, known)) return;
    if (!known && newest.size >= maxKiosks) {
      overLimit += 1;
      return;
    }
    const before = groupsOf(kioskId);
    newest.set(kioskId, check.certificate);
    const after = groupsOf(kioskId);
    if (JSON.stringify(before) !== JSON.stringify(after)) options.onChange?.(kioskId, after);
  };

  const takeList = async (payload: Uint8Array) => {
    if (payload.byteLength === 0) return;
    const envelope = readRevocationMessage(payload);
    if (envelope === null || enrolmentKey === '') {
      refused += 1;
      return;
    }
    if (!(await checkRevocationList(envelope, prefix, enrolmentKey, subtle))) {
      refused += 1;
      return;
    }
    // Only ever forward: an older list, even genuinely signed, revokes nothing back.
    if (list !== null && envelope.revocations.version <= list.version) return;
    const before = new Map([...newest.keys()].map((kioskId) => [kioskId, groupsOf(kioskId)]));
    list = envelope.revocations;
    isRevoked = revokedSerials(list);
    for (const [kioskId, was] of before) {
      const now = groupsOf(kioskId);
      if (JSON.stringify(was) !== JSON.stringify(now)) options.onChange?.(kioskId, now);
    }
  };

  return {
    handles: (topic) => parseTrustTopic(prefix, topic) !== null,
    async take(topic, payload) {
      const parsed = parseTrustTopic(prefix, topic);
      try {
        if (parsed?.kind === 'certificate') {
          await takeCertificate(parsed.kioskId, parsed.serial, payload);
        } else if (parsed?.kind === 'revocations') {
          await takeList(payload);
        }
      } catch {
        refused += 1;
      }
    },
    certified: groupsOf,
    get refused() {
      return refused;
    },
    get overLimit() {
      return overLimit;
    },
  };
}
