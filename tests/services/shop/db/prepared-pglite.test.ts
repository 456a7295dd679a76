/**
 * The PGlite driver of prepared statements: rows come back typed as from PGlite's own
 * `query` (bigint as a number, jsonb as an object, booleans, nulls), changed-row counts are
 * reported, a failed statement leaves the session usable, transactions commit and roll back,
 * texts beyond the named ones still run, and the one connection is lent in the order it was
 * asked for.
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PreparedPgliteDialect } from '../../../../services/shop/db/prepared-pglite';

interface Tables {
  things: { id: number; name: string; big: number; doc: unknown; flag: boolean | null };
}

const INT8 = 20;
let db: Kysely<Tables>;

// One PGlite for the file: starting one takes seconds on a busy machine.
beforeAll(() => {
  const pglite = new PGlite({ parsers: { [INT8]: (text: string) => Number(text) } });
  db = new Kysely<Tables>({ dialect: new PreparedPgliteDialect(pglite) });
});
afterAll(() => db.destroy());
beforeEach(async () => {
  await sql`drop table if exists things`.execute(db);
  await sql`create table things (id int primary key, name text not null, big bigint not null, doc jsonb, flag boolean)`.execute(
    db,
  );
}, 120_000);

describe('PreparedPgliteDialect', () => {
  it('reads and writes values as PGlite does, and counts the rows it changed', async () => {
    const inserted = await db
      .insertInto('things')
      .values([
        { id: 1, name: 'one', big: 1_700_000_000_000, doc: JSON.stringify({ a: [1] }), flag: true },
        { id: 2, name: 'two', big: 2, doc: null, flag: null },
      ])
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
    for (let round = 0; round < 3; round += 1) {
      const rows = await db.selectFrom('things').selectAll().orderBy('id').execute();
      expect(rows).toEqual([
        { id: 1, name: 'one', big: 1_700_000_000_000, doc: { a: [1] }, flag: true },
        { id: 2, name: 'two', big: 2, doc: null, flag: null },
      ]);
    }
    const updated = await db
      .updateTable('things')
      .set({ name: 'many' })
      .where('id', '>', 0)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
  }, 60_000);

  it('answers the next statement after one that failed', async () => {
    await db
      .insertInto('things')
      .values({ id: 1, name: 'one', big: 1, doc: null, flag: null })
      .execute();
    const duplicate = await db
      .insertInto('things')
      .values({ id: 1, name: 'again', big: 1, doc: null, flag: null })
      .execute()
      .catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505' });
    const wrong = await sql`selec 1`.execute(db).catch((error: unknown) => error);
    expect(wrong).toMatchObject({ code: '42601' });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from things`.execute(db);
    expect(rows).toEqual([{ n: 1 }]);
  }, 60_000);

  it('commits a transaction, and rolls one back on an error', async () => {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('things')
        .values({ id: 1, name: 'kept', big: 1, doc: null, flag: null })
        .execute();
    });
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('things')
          .values({ id: 2, name: 'gone', big: 1, doc: null, flag: null })
          .execute();
        throw new Error('changed my mind');
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ message: 'changed my mind' });
    const names = await db.selectFrom('things').select('name').execute();
    expect(names).toEqual([{ name: 'kept' }]);
  }, 60_000);

  it('runs texts beyond the named statements, each with its own parameters', async () => {
    const answers = [];
    for (let index = 0; index < 230; index += 1) {
      const { rows } = await sql<{
        n: number;
      }>`select ${index}::int + ${sql.raw(String(index))} as n`.execute(db);
      answers.push(rows[0]?.n);
    }
    expect(answers).toEqual(Array.from({ length: 230 }, (_, index) => index * 2));
  }, 60_000);

  it('lends its one connection in the order it was asked for', async () => {
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        sql`select 1`.execute(db).then(() => order.push(index)),
      ),
    );
    expect(order).toEqual(Array.from({ length: 40 }, (_, index) => index));
  }, 60_000);
});
