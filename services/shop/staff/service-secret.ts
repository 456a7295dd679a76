/**
 * The secret the session cookies are signed with: made by the first replica to start, kept
 * in the database, read by every other, so a cookie from one replica is good at all of them.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ShopTables } from '../db/tables';

export async function serviceSecret(db: Kysely<ShopTables>, name: string): Promise<Buffer> {
  await db
    .insertInto('service_secrets')
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('service_secrets')
    .select('secret')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'base64url');
}
