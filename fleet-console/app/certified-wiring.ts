/**
 * Hands the groups each kiosk's certificate names (trust/certified-kiosks.ts) to the parts
 * that group kiosks: the fleet's part of the broker worker (the list, rollups and alerts,
 * told only what changed) and the rollouts (which reach, by store or region, only the
 * kiosks certified there, and, where this console checks certificates, only enrolled
 * kiosks at all). The trust feature verifies; nothing else decides where a kiosk belongs.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { IsRevoked } from '@shared/fleet/trust/certified-groups';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import type { BrokerSession } from '../connection/broker-session-handle';
import { useBrokerSession } from '../connection/connection-store';
import { tellCertified } from '../fleet/fleet-session';
import { useRolloutStore } from '../rollouts/rollout-store';
import { certifiedChanges, createCertifier, type CertifiedKiosks } from '../trust/certified-kiosks';
import { useTrustStore } from '../trust/trust-store';
import { REVOCATION_RECORDS } from '../service/record-kinds';
import { useKeptRecords } from '../service/use-kept-records';

/**
 * The certificates this console verified, less those the shop service's revocations end
 * (each revocation verified here too, and kept in this browser: service/use-kept-records.ts).
 * Where this console checks certificates (an enrolment key is pinned, WebCrypto is there), a
 * kiosk without one is in no rollout.
 */
export function useCertifiedWiring(
  prefix: string | null,
  enrolmentKey: string,
  subtle: Ed25519Verifier<CryptoKey> | null,
): void {
  const checked = enrolmentKey !== '' && subtle !== null;
  const session = useBrokerSession();
  const certificates = useTrustStore((state) => state.trust.certificates);
  const records = useKeptRecords(REVOCATION_RECORDS, prefix ?? '', enrolmentKey, subtle).items;
  const isRevoked = useMemo<IsRevoked>(() => {
    const revoked = new Set(
      records.map(({ revocation }) => `${revocation.kioskId}/${revocation.serial}`),
    );
    return (kioskId, serial) => revoked.has(`${kioskId}/${serial}`);
  }, [records]);
  const [certify] = useState(createCertifier);
  const told = useRef<{ session: BrokerSession; certified: CertifiedKiosks } | null>(null);

  useEffect(() => {
    const certified = certify(certificates, isRevoked);
    useRolloutStore.getState().certify(certified, checked);
    if (!session) return;
    // A new session has a new worker, which knows nothing yet.
    const before = told.current?.session === session ? told.current.certified : new Map();
    tellCertified(session, { certified: certifiedChanges(before, certified) });
    told.current = { session, certified };
  }, [session, certificates, isRevoked, checked, certify]);
}
