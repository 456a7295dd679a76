/**
 * Which certificates' keys signed something a kiosk sent (a receipt, a request), without a
 * database round trip on every request: certificates never change once kept, so the ones
 * this replica has read stay true. Only when none of them verifies (a kiosk enrolled again,
 * through another replica) is the database asked afresh; a refusal is always the
 * database's word.
 */
import type { Kysely } from 'kysely';
import type { ShopTables } from '../db/tables';
import { certificatesOf, type KnownCertificate } from './certificate-store';

const MAX_KIOSKS = 20_000;

export interface Signers {
  known: number;
  signers: KnownCertificate[];
}

export interface KioskKeys {
  /**
   * The kiosk's certificates whose key `verifies`, fresh from the database if need be, and
   * how many certificates the kiosk has at all.
   */
  signers(kioskId: string, verifies: (publicKey: string) => boolean): Promise<Signers>;
  /** The certificate with this serial, if it is this kiosk's. */
  bySerial(kioskId: string, serial: string): Promise<KnownCertificate | null>;
  /** Forget what is cached for a kiosk (a certificate was just added). */
  forget(kioskId: string): void;
}

export function createKioskKeys(db: Kysely<ShopTables>, prefix: string): KioskKeys {
  const cache = new Map<string, KnownCertificate[]>();
  const load = async (kioskId: string): Promise<KnownCertificate[]> => {
    const certificates = await certificatesOf(db, prefix, kioskId);
    if (cache.size >= MAX_KIOSKS) cache.clear();
    cache.set(kioskId, certificates);
    return certificates;
  };
  return {
    async signers(kioskId, verifies) {
      const cached = cache.get(kioskId);
      const found = cached?.filter((certificate) => verifies(certificate.publicKey)) ?? [];
      if (cached && found.length > 0) return { known: cached.length, signers: found };
      const fresh = await load(kioskId);
      return {
        known: fresh.length,
        signers: fresh.filter((certificate) => verifies(certificate.publicKey)),
      };
    },
    async bySerial(kioskId, serial) {
      const match = (list: readonly KnownCertificate[] | undefined) =>
        list?.find((certificate) => certificate.serial === serial) ?? null;
      return match(cache.get(kioskId)) ?? match(await load(kioskId));
    },
    forget(kioskId) {
      cache.delete(kioskId);
    },
  };
}
