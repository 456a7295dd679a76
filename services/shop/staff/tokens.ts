/**
 * Operator-issued tokens, for a device that cannot type a password (a counter PC set up
 * once, the console's scripts): `kst1.<id>.<secret>`, shown once when issued; the database
 * keeps only the secret's SHA-256. A token verified by this replica is trusted for
 * TOKEN_CACHE_MS before it is looked up again, so revoking one reaches every replica
 * within that time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ShopTables, StaffRole } from '../db/tables';
import type { Principal } from '../http/request-vars';

export const TOKEN_CACHE_MS = 30_000;
const TOKEN = /^kst1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;
const MAX_CACHED = 1000;

const digest = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export interface IssuedToken {
  id: string;
  token: string;
}

/**
 * A token's id: 12 random bytes, base64url, never starting with '-', so the id printed by
 * `token issue` can be handed to `token revoke` as it is (a leading '-' reads as an option).
 */
export function newTokenId(): string {
  for (;;) {
    const id = randomBytes(12).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

export async function issueToken(
  db: Kysely<ShopTables>,
  fields: { name: string; role: StaffRole; expiresAt: number | null },
  now: number,
): Promise<IssuedToken> {
  const id = newTokenId();
  const secret = randomBytes(32).toString('base64url');
  await db
    .insertInto('tokens')
    .values({
      id,
      name: fields.name,
      role: fields.role,
      secret_hash: digest(secret),
      created_at: now,
      expires_at: fields.expiresAt,
      revoked_at: null,
    })
    .execute();
  return { id, token: `kst1.${id}.${secret}` };
}

export async function revokeToken(db: Kysely<ShopTables>, id: string, now: number) {
  const updated = await db
    .updateTable('tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export async function listTokens(db: Kysely<ShopTables>) {
  return db
    .selectFrom('tokens')
    .select(['id', 'name', 'role', 'created_at', 'expires_at', 'revoked_at'])
    .orderBy('created_at')
    .execute();
}

export interface TokenChecker {
  check(bearer: string): Promise<Principal | null>;
}

export function createTokenChecker(db: Kysely<ShopTables>, now: () => number): TokenChecker {
  const cache = new Map<string, { principal: Principal; until: number }>();
  return {
    async check(bearer) {
      const match = TOKEN.exec(bearer);
      if (!match) return null;
      const [, id = '', secret = ''] = match;
      const cached = cache.get(bearer);
      if (cached && cached.until > now()) return cached.principal;
      const row = await db.selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row || row.revoked_at !== null) return null;
      if (row.expires_at !== null && row.expires_at <= now()) return null;
      const given = Buffer.from(digest(secret));
      const kept = Buffer.from(row.secret_hash);
      if (given.length !== kept.length || !timingSafeEqual(given, kept)) return null;
      const principal: Principal = { kind: 'token', id, name: row.name, role: row.role };
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(bearer, { principal, until: now() + TOKEN_CACHE_MS });
      return principal;
    },
  };
}
