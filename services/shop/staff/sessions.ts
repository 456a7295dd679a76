/**
 * Logging in and the sessions it opens, kept in the database so every replica knows them.
 * Five wrong passwords in a row lock a login for fifteen minutes (the count starts again
 * after a lock or a good login), and an unknown username costs the same scrypt check as a
 * known one, so neither guessing nor timing gets far.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ShopTables, StaffRole } from '../db/tables';
import { UNKNOWN_USER_HASH, verifyPassword } from './passwords';
import { SESSION_MS } from './session-cookie';

export const MAX_FAILED_TRIES = 5;
export const LOCK_MS = 15 * 60_000;

export interface OpenSession {
  id: string;
  username: string;
  name: string;
  role: StaffRole;
  expiresAt: number;
}

export type LoginOutcome =
  { kind: 'ok'; session: OpenSession } | { kind: 'refused' } | { kind: 'locked'; until: number };

async function recordFailure(
  db: Kysely<ShopTables>,
  username: string,
  now: number,
): Promise<LoginOutcome> {
  const row = await db
    .updateTable('staff')
    .set({
      failed_tries: sql`case when failed_tries + 1 >= ${MAX_FAILED_TRIES} then 0 else failed_tries + 1 end`,
      locked_until: sql`case when failed_tries + 1 >= ${MAX_FAILED_TRIES} then ${now + LOCK_MS}::bigint else locked_until end`,
    })
    .where('username', '=', username)
    .returning(['locked_until'])
    .executeTakeFirst();
  const until = row?.locked_until ?? null;
  return until !== null && until > now ? { kind: 'locked', until } : { kind: 'refused' };
}

export async function logIn(
  db: Kysely<ShopTables>,
  username: string,
  password: string,
  now: number,
): Promise<LoginOutcome> {
  const staff = await db
    .selectFrom('staff')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  if (!staff || staff.disabled) {
    await verifyPassword(password, UNKNOWN_USER_HASH);
    return { kind: 'refused' };
  }
  if (staff.locked_until !== null && staff.locked_until > now) {
    return { kind: 'locked', until: staff.locked_until };
  }
  if (!(await verifyPassword(password, staff.password_hash))) {
    return recordFailure(db, username, now);
  }
  const session: OpenSession = {
    id: randomBytes(18).toString('base64url'),
    username,
    name: staff.name,
    role: staff.role,
    expiresAt: now + SESSION_MS,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff')
      .set({ failed_tries: 0, locked_until: null })
      .where('username', '=', username)
      .execute();
    await trx
      .insertInto('sessions')
      .values({ id: session.id, username, created_at: now, expires_at: session.expiresAt })
      .execute();
  });
  return { kind: 'ok', session };
}

/** The session if it is still open and its holder not disabled, with their current name and role. */
export async function findSession(
  db: Kysely<ShopTables>,
  id: string,
  now: number,
): Promise<OpenSession | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('staff', 'staff.username', 'sessions.username')
    .select(['sessions.id', 'sessions.expires_at', 'staff.username', 'staff.name', 'staff.role'])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', now)
    .where('staff.disabled', '=', false)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role: row.role,
    expiresAt: row.expires_at,
  };
}

export async function endSession(db: Kysely<ShopTables>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Sessions past their end, removed now and then so the table stays small. */
export async function removeExpiredSessions(db: Kysely<ShopTables>, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
