/**
 * Which certificates' keys signed something a kiosk sent (a receipt, a request), without a
 * database round trip on every request: certificates never change once kept, so the ones
 * this replica has read stay true. Only when none of them verifies (a kiosk enrolled again,
 * through another replica) is the database asked afresh; a refusal is always the
 * database's word. The fleet's certificates are read once as the service starts, and
 * kiosks asked about at the same moment after that are read together, in one query
 * (db/group-commit.ts): a read each made every claim of a kiosk not met yet wait on a
 * connection of the pool, and after a start the claims a second fell to a third of what
 * the service takes once it knows the kiosks.
 */
import type { Kysely } from 'kysely';
import { groupCommit } from '../db/group-commit';
import type { ShopTables } from '../db/tables';
import {
  certificatesOf,
  certificatesOfEach,
  fleetCertificates,
  type KnownCertificate,
} from './certificate-store';

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
  signers(kioskId: string, verifies: (publicKey: string) => Promise<boolean>): Promise<Signers>;
  /** The certificate with this serial, if it is this kiosk's. */
  bySerial(kioskId: string, serial: string): Promise<KnownCertificate | null>;
  /** Forget what is cached for a kiosk (a certificate was just added). */
  forget(kioskId: string): void;
  /**
   * Reads the fleet's certificates at once (up to the cache's size), as the service starts:
   * a counter's first claims after a restart then wait on no read of their kiosks'.
   */
  warm(): Promise<void>;
}

export function createKioskKeys(db: Kysely<ShopTables>, prefix: string): KioskKeys {
  const cache = new Map<string, KnownCertificate[]>();
  const verifiedBy = async (
    certificates: readonly KnownCertificate[],
    verifies: (publicKey: string) => Promise<boolean>,
  ): Promise<KnownCertificate[]> => {
    const verdicts = await Promise.all(
      certificates.map((certificate) => verifies(certificate.publicKey)),
    );
    return certificates.filter((_, index) => verdicts[index]);
  };
  const reads = groupCommit<string, KnownCertificate[]>({
    batch: (kioskIds) => certificatesOfEach(db, prefix, kioskIds),
    single: (kioskId) => certificatesOf(db, prefix, kioskId),
    maxBatch: 256,
  });
  const load = async (kioskId: string): Promise<KnownCertificate[]> => {
    const certificates = await reads.submit(kioskId);
    if (cache.size >= MAX_KIOSKS) cache.clear();
    cache.set(kioskId, certificates);
    return certificates;
  };
  return {
    async signers(kioskId, verifies) {
      const cached = cache.get(kioskId);
      const found = cached ? await verifiedBy(cached, verifies) : [];
      if (cached && found.length > 0) return { known: cached.length, signers: found };
      const fresh = await load(kioskId);
      return { known: fresh.length, signers: await verifiedBy(fresh, verifies) };
    },
    async bySerial(kioskId, serial) {
      const match = (list: readonly KnownCertificate[] | undefined) =>
        list?.find((certificate) => certificate.serial === serial) ?? null;
      return match(cache.get(kioskId)) ?? match(await load(kioskId));
    },
    forget(kioskId) {
      cache.delete(kioskId);
    },
    async warm() {
      for (const [kioskId, certificates] of await fleetCertificates(db, prefix)) {
        if (cache.size >= MAX_KIOSKS) break;
        cache.set(kioskId, certificates);
      }
    },
  };
}
