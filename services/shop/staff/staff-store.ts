/**
 * Staff logins: a username, the name shown for what they record ("Counter 2"), a role, a
 * scrypt hash, and the lock-out state. Added and changed by the CLI (cli/staff-command.ts),
 * read at login.
 */
import type { Kysely } from 'kysely';
import type { ShopTables, StaffRole } from '../db/tables';
import { hashPassword } from './passwords';

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,63}$/;
export const STAFF_NAME_PATTERN = /^[^\p{Cc}]{1,64}$/u;

export interface StaffSummary {
  username: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  lockedUntil: number | null;
}

export async function addStaff(
  db: Kysely<ShopTables>,
  staff: { username: string; name: string; role: StaffRole; password: string },
  now: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('staff')
    .values({
      username: staff.username,
      name: staff.name,
      role: staff.role,
      password_hash: await hashPassword(staff.password),
      locked_until: null,
      created_at: now,
    })
    .onConflict((conflict) => conflict.column('username').doNothing())
    .returning('username')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A new password; ends the login's sessions and lifts a lock-out. False: no such login. */
export async function setPassword(
  db: Kysely<ShopTables>,
  username: string,
  password: string,
): Promise<boolean> {
  const password_hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('staff')
      .set({ password_hash, failed_tries: 0, locked_until: null })
      .where('username', '=', username)
      .executeTakeFirst();
    await trx.deleteFrom('sessions').where('username', '=', username).execute();
    return updated.numUpdatedRows > 0n;
  });
}

/** Disables (or enables) a login; disabling ends its sessions. False: no such login. */
export async function setDisabled(
  db: Kysely<ShopTables>,
  username: string,
  disabled: boolean,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('staff')
      .set({ disabled })
      .where('username', '=', username)
      .executeTakeFirst();
    if (disabled) await trx.deleteFrom('sessions').where('username', '=', username).execute();
    return updated.numUpdatedRows > 0n;
  });
}

export async function listStaff(db: Kysely<ShopTables>): Promise<StaffSummary[]> {
  const rows = await db.selectFrom('staff').selectAll().orderBy('username').execute();
  return rows.map((row) => ({
    username: row.username,
    name: row.name,
    role: row.role,
    disabled: row.disabled,
    lockedUntil: row.locked_until,
  }));
}
