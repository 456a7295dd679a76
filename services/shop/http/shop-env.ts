/** What every route is given: the service's parts (database, trust settings, caches, clock). */
import type { Kysely } from 'kysely';
import type { KioskKeys } from '../certificates/kiosk-keys';
import type { Engine } from '../db/database';
import type { ShopTables } from '../db/tables';
import type { ReceiptSignatures } from '../trust/receipt-check';
import type { TrustSettings } from '../trust/trust-settings';
import type { StaffAuth } from '../staff/staff-auth';

export type { KioskCaller, Principal, ShopEnv } from './request-vars';

export interface ShopServices {
  db: Kysely<ShopTables>;
  engine: Engine;
  trust: TrustSettings;
  kioskKeys: KioskKeys;
  /** Receipt codes' signatures, each verified once. */
  receipts: ReceiptSignatures;
  staffAuth: StaffAuth;
  now: () => number;
  /** One line per event worth an operator's eye (errors, lock-outs). */
  log: (line: string) => void;
  /** The newest schema migration, for /health. */
  schema: string | null;
}
