/**
 * The first schema: trust (certificates, revocations), handovers and their conflicts,
 * orders, staff and their sessions and tokens. Unique keys do the deciding: one handover per
 * kiosk and receipt, one order per kiosk and receipt, one revocation per certificate.
 * Revocations refuse UPDATE, DELETE and TRUNCATE in the database itself, so the set only
 * grows whatever a later bug or a hand at psql tries; handovers and certificates refuse
 * UPDATE (a record is never rewritten).
 */
import { sql, type Kysely } from 'kysely';

async function guards(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception '% of % is not allowed: these records are only ever added', tg_op, tg_table_name
        using errcode = 'P0001';
    end $$`.execute(db);
  await sql`create trigger revocations_only_grow before update or delete on revocations
    for each row execute function refuse_change()`.execute(db);
  await sql`create trigger revocations_never_truncated before truncate on revocations
    for each statement execute function refuse_change()`.execute(db);
  for (const table of ['handovers', 'certificates']) {
    await sql`create trigger ${sql.raw(`${table}_never_rewritten`)} before update on ${sql.raw(table)}
      for each row execute function refuse_change()`.execute(db);
  }
}

async function trust(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certificates')
    .addColumn('serial', 'text', (column) => column.primaryKey())
    .addColumn('kiosk_id', 'text', (column) => column.notNull())
    .addColumn('fleet', 'text', (column) => column.notNull())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('store', 'text', (column) => column.notNull())
    .addColumn('region', 'text')
    .addColumn('issued_at', 'bigint', (column) => column.notNull())
    .addColumn('certificate', 'jsonb', (column) => column.notNull())
    .addColumn('signature', 'text', (column) => column.notNull())
    .addColumn('received_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('certificates_by_kiosk')
    .on('certificates')
    .columns(['kiosk_id', 'issued_at'])
    .execute();
  await db.schema
    .createTable('revocations')
    .addColumn('serial', 'text', (column) => column.primaryKey())
    .addColumn('kiosk_id', 'text', (column) => column.notNull())
    .addColumn('fleet', 'text', (column) => column.notNull())
    .addColumn('revoked_at', 'bigint', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('revocation', 'jsonb', (column) => column.notNull())
    .addColumn('signature', 'text', (column) => column.notNull())
    .addColumn('received_at', 'bigint', (column) => column.notNull())
    .execute();
}

async function handovers(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('handovers')
    .addColumn('kiosk_id', 'text', (column) => column.notNull())
    .addColumn('receipt_id', 'text', (column) => column.notNull())
    .addColumn('handover_id', 'text', (column) => column.notNull().unique())
    .addColumn('counter', 'text', (column) => column.notNull())
    .addColumn('recorded_by', 'text', (column) => column.notNull())
    .addColumn('at', 'bigint', (column) => column.notNull())
    .addColumn('recorded_at', 'bigint', (column) => column.notNull())
    .addColumn('mode', 'text', (column) =>
      column.notNull().check(sql`mode in ('online', 'offline', 'override')`),
    )
    .addColumn('serial', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('handovers_one_per_receipt', ['kiosk_id', 'receipt_id'])
    .execute();
  await db.schema.createIndex('handovers_by_time').on('handovers').column('recorded_at').execute();
  await db.schema
    .createTable('conflicts')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kiosk_id', 'text', (column) => column.notNull())
    .addColumn('receipt_id', 'text', (column) => column.notNull())
    .addColumn('handover_id', 'text', (column) => column.notNull().unique())
    .addColumn('counter', 'text', (column) => column.notNull())
    .addColumn('recorded_by', 'text', (column) => column.notNull())
    .addColumn('at', 'bigint', (column) => column.notNull())
    .addColumn('mode', 'text', (column) =>
      column.notNull().check(sql`mode in ('offline', 'override')`),
    )
    .addColumn('recorded_at', 'bigint', (column) => column.notNull())
    .addColumn('first_handover_id', 'text', (column) => column.notNull())
    .addColumn('dismissed_at', 'bigint')
    .addColumn('dismissed_by', 'text')
    .execute();
}

async function orders(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('kiosk_id', 'text', (column) => column.notNull())
    .addColumn('receipt_id', 'text', (column) => column.notNull())
    .addColumn('at', 'bigint', (column) => column.notNull())
    .addColumn('lines', 'jsonb', (column) => column.notNull())
    .addColumn('total_cents', 'bigint', (column) => column.notNull())
    .addColumn('serial', 'text', (column) => column.notNull())
    .addColumn('signature', 'text', (column) => column.notNull())
    .addColumn('signed_at', 'bigint', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('received_at', 'bigint', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull().defaultTo('new'))
    .addColumn('collection_number', 'integer')
    .addPrimaryKeyConstraint('orders_one_per_receipt', ['kiosk_id', 'receipt_id'])
    .execute();
  await db.schema.createIndex('orders_by_time').on('orders').column('received_at').execute();
}

async function staff(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('username', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('role', 'text', (column) =>
      column.notNull().check(sql`role in ('counter', 'operator')`),
    )
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('failed_tries', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('disabled', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('username', 'text', (column) =>
      column.notNull().references('staff.username').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('tokens')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('role', 'text', (column) =>
      column.notNull().check(sql`role in ('counter', 'operator')`),
    )
    .addColumn('secret_hash', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createTable('service_secrets')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('secret', 'text', (column) => column.notNull())
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await trust(db);
  await handovers(db);
  await orders(db);
  await staff(db);
  await guards(db);
}
