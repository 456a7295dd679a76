/**
 * The pick screen's records: an order's state is a column the moves change, and every move
 * is a row of `order_moves` (which order, from, to, who, when, why), kept for good: the
 * table refuses UPDATE, DELETE and TRUNCATE, like revocations. Its increasing id is what
 * the screens follow (moves/change-feed.ts). The collection number is the kiosk's text
 * ("C 27"), so the column the first schema kept for it becomes text; `state_at` says since
 * when an order is in its state (the board's "ready for ten minutes"). The shop's settings
 * (the pick screen's timers, the board's) are one row each.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders alter column collection_number type text
    using collection_number::text`.execute(db);
  await db.schema.alterTable('orders').addColumn('state_at', 'bigint').execute();
  await db.schema.alterTable('orders').addColumn('cancel_reason', 'text').execute();
  await sql`update orders set state_at = received_at`.execute(db);
  await sql`alter table orders alter column state_at set not null`.execute(db);
  await sql`alter table orders add constraint orders_known_state
    check (state in ('new', 'picking', 'ready', 'handed-over', 'cancelled'))`.execute(db);
  await db.schema
    .createIndex('orders_by_state')
    .on('orders')
    .columns(['state', 'state_at'])
    .execute();

  await db.schema
    .createTable('order_moves')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kiosk_id', 'text', (column) => column.notNull())
    .addColumn('receipt_id', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('arrived', 'move', 'cancel', 'recall', 'handover')`),
    )
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (column) => column.notNull())
    .addColumn('by_id', 'text', (column) => column.notNull())
    .addColumn('by_name', 'text', (column) => column.notNull())
    .addColumn('at', 'bigint', (column) => column.notNull())
    .addColumn('reason', 'text')
    .addForeignKeyConstraint('order_moves_of_an_order', ['kiosk_id', 'receipt_id'], 'orders', [
      'kiosk_id',
      'receipt_id',
    ])
    .execute();
  await db.schema
    .createIndex('order_moves_by_order')
    .on('order_moves')
    .columns(['kiosk_id', 'receipt_id', 'id'])
    .execute();
  await sql`create trigger order_moves_only_grow before update or delete on order_moves
    for each row execute function refuse_change()`.execute(db);
  await sql`create trigger order_moves_never_truncated before truncate on order_moves
    for each statement execute function refuse_change()`.execute(db);

  await db.schema
    .createTable('shop_settings')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('value', 'jsonb', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_by', 'text', (column) => column.notNull())
    .execute();
}
