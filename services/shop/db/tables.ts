/**
 * The shop's records as kysely sees them: one interface per table, the same on PGlite and
 * PostgreSQL. Times are ms since the epoch (bigint, read back as numbers: db/database.ts),
 * as every message of the fleet carries them; JSON columns are jsonb.
 */
import type { ColumnType, Generated } from 'kysely';
import type { OrderState } from '../../../shared/fleet/order-flow';

/** Written as JSON text, read back as the parsed value. */
type Json<T> = ColumnType<T, string, string>;

export interface CertificatesTable {
  serial: string;
  kiosk_id: string;
  fleet: string;
  public_key: string;
  store: string;
  region: string | null;
  issued_at: number;
  /** The signed certificate as the operator signed it, and the signature. */
  certificate: Json<Record<string, unknown>>;
  signature: string;
  received_at: number;
}

export interface RevocationsTable {
  serial: string;
  kiosk_id: string;
  fleet: string;
  revoked_at: number;
  reason: string;
  revocation: Json<Record<string, unknown>>;
  signature: string;
  received_at: number;
}

/** How a handover was decided: by the service's word, or by staff without it. */
export type HandoverMode = 'online' | 'offline' | 'override';

export interface HandoversTable {
  kiosk_id: string;
  receipt_id: string;
  /** The counter's own id for this handover: a repeat of it is the same handover. */
  handover_id: string;
  /** The counter's name as staff see it ("Counter 2"). */
  counter: string;
  /** The login or token that recorded it. */
  recorded_by: string;
  /** When staff handed it over. */
  at: number;
  recorded_at: number;
  mode: HandoverMode;
  /** The certificate the receipt was signed under. */
  serial: string;
}

export interface ConflictsTable {
  id: Generated<number>;
  kiosk_id: string;
  receipt_id: string;
  /** The second handover, as the counter reported it: kept in full beside the first. */
  handover_id: string;
  counter: string;
  recorded_by: string;
  at: number;
  mode: Exclude<HandoverMode, 'online'>;
  recorded_at: number;
  /** The handover the service already held for that receipt. */
  first_handover_id: string;
  dismissed_at: number | null;
  dismissed_by: string | null;
}

export interface OrdersTable {
  kiosk_id: string;
  receipt_id: string;
  at: number;
  lines: Json<unknown[]>;
  total_cents: number;
  serial: string;
  /** The request's signature and the exact body it covers, so the order can be checked again. */
  signature: string;
  signed_at: number;
  body: string;
  received_at: number;
  /** Changed only by a move (moves/order-moves.ts), which is kept in order_moves. */
  state: Generated<OrderState>;
  /** Since when the order is in its state. */
  state_at: number;
  /** Why it was cancelled, while it is. */
  cancel_reason: string | null;
  /** The kiosk's "C 27"; null from a kiosk that gives none. */
  collection_number: string | null;
}

export type { OrderState };

/**
 * What a move was: the order's arrival, a step forward, a cancel, a recall (the last step
 * undone), or a counter's handover (the handovers table decided it).
 */
export type MoveKind = 'arrived' | 'move' | 'cancel' | 'recall' | 'handover';

export interface OrderMovesTable {
  id: Generated<number>;
  kiosk_id: string;
  receipt_id: string;
  kind: MoveKind;
  from_state: OrderState | null;
  to_state: OrderState;
  /** `staff:username`, `token:id`, `kiosk:id`: who moved it. */
  by_id: string;
  /** As staff see it: "Sam", "Counter 2". */
  by_name: string;
  at: number;
  reason: string | null;
}

export interface ShopSettingsTable {
  name: string;
  value: Json<unknown>;
  updated_at: number;
  updated_by: string;
}

export type StaffRole = 'counter' | 'operator';

export interface StaffTable {
  username: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  failed_tries: Generated<number>;
  locked_until: number | null;
  disabled: Generated<boolean>;
  created_at: number;
}

export interface SessionsTable {
  id: string;
  username: string;
  created_at: number;
  expires_at: number;
}

export interface TokensTable {
  id: string;
  name: string;
  role: StaffRole;
  secret_hash: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
}

export interface ServiceSecretsTable {
  name: string;
  secret: string;
}

export interface ShopTables {
  certificates: CertificatesTable;
  revocations: RevocationsTable;
  handovers: HandoversTable;
  conflicts: ConflictsTable;
  orders: OrdersTable;
  order_moves: OrderMovesTable;
  shop_settings: ShopSettingsTable;
  staff: StaffTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  service_secrets: ServiceSecretsTable;
}
