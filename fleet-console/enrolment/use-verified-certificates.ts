import { useEffect, useState } from 'react';
import { checkCertificate, type CertificateEnvelope } from '@shared/fleet/trust/kiosk-certificate';
import { pairingCode } from '@shared/fleet/trust/pairing-code';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import { certificateId } from './enrolment-rows';

const NONE: ReadonlySet<string> = new Set();

/**
 * Checks already made, by key, fleet, place and envelope: a new certificate on the broker
 * costs one check, not one per certificate of the fleet. Bounded; cleared when full.
 */
const checked = new Map<string, boolean>();
const MAX_CHECKED = 20_000;

/**
 * The certificates on the broker that verify under the pinned key for this fleet, kiosk
 * and serial (WebCrypto, so asynchronous): their certificateId()s. Each signature is
 * checked once per key and fleet.
 */
export function useVerifiedCertificates(
  certificates: ReadonlyMap<string, ReadonlyMap<string, CertificateEnvelope>>,
  prefix: string,
  enrolmentKey: string,
  subtle: Ed25519Verifier<CryptoKey> | null,
): ReadonlySet<string> {
  const [verified, setVerified] = useState<ReadonlySet<string>>(new Set<string>());
  useEffect(() => {
    if (enrolmentKey === '' || subtle === null) return;
    // A box: the cleanup's write is invisible to narrowing inside the async body.
    const run = { live: true };
    void (async () => {
      const ids = new Set<string>();
      for (const [kioskId, bySerial] of certificates) {
        for (const [serial, envelope] of bySerial) {
          // The whole envelope, not its signature alone: the same signature on other fields
          // must be checked afresh (and fail).
          const memo = `${enrolmentKey} ${prefix} ${kioskId} ${serial} ${JSON.stringify(envelope)}`;
          let ok = checked.get(memo);
          if (ok === undefined) {
            const place = { prefix, kioskId, serial };
            ok = (await checkCertificate(envelope, place, enrolmentKey, subtle)).ok;
            if (checked.size >= MAX_CHECKED) checked.clear();
            checked.set(memo, ok);
          }
          if (ok) ids.add(certificateId(kioskId, serial));
        }
      }
      if (run.live) setVerified(ids);
    })();
    return () => {
      run.live = false;
    };
  }, [certificates, prefix, enrolmentKey, subtle]);
  return enrolmentKey === '' ? NONE : verified;
}

/** The pairing codes of the keys given, computed with WebCrypto's SHA-256. */
export function usePairingCodes(publicKeys: readonly string[]): ReadonlyMap<string, string> {
  const [codes, setCodes] = useState<ReadonlyMap<string, string>>(new Map());
  const wanted = publicKeys.join(',');
  useEffect(() => {
    if (typeof crypto.subtle === 'undefined') return;
    // A box: the cleanup's write is invisible to narrowing inside the async body.
    const run = { live: true };
    void (async () => {
      const next = new Map<string, string>();
      for (const key of wanted === '' ? [] : wanted.split(',')) {
        const code = await pairingCode(key, (bytes) => crypto.subtle.digest('SHA-256', bytes));
        if (code !== null) next.set(key, code);
      }
      if (run.live) setCodes(next);
    })();
    return () => {
      run.live = false;
    };
  }, [wanted]);
  return codes;
}
