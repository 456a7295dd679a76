/**
 * Run once, before a test's shop service starts (shop-service.ts), in a fresh data folder
 * (PGlite) or a fresh PostgreSQL database (its postgres:// URL):
 * the staff logins, an operator token (the rig's) and a counter's device token ("Counter 3
 * PC"), as `npm run shop-service -- staff add` and `token issue` make them, in one process
 * rather than one per login. Prints the tokens.
 *
 *   node --import tsx shop-staff.ts DATA_DIR|URL '[{"username":…,"name":…,"role":…}]' PASSWORD
 */
import { openDatabase } from '../../../../services/shop/db/database';
import { migrateToLatest } from '../../../../services/shop/db/migrate';
import type { StaffRole } from '../../../../services/shop/db/tables';
import { addStaff } from '../../../../services/shop/staff/staff-store';
import { issueToken } from '../../../../services/shop/staff/tokens';

async function main(): Promise<void> {
  const [dataDir = '', staffJson = '[]', password = ''] = process.argv.slice(2);
  const staff = JSON.parse(staffJson) as { username: string; name: string; role: StaffRole }[];
  const { db, close } = openDatabase(
    /^postgres(ql)?:\/\//.test(dataDir)
      ? { engine: 'postgresql', url: dataDir }
      : { engine: 'pglite', dataDir },
  );
  try {
    await migrateToLatest(db);
    for (const one of staff) await addStaff(db, { ...one, password }, Date.now());
    const operator = await issueToken(
      db,
      { name: 'The test rig', role: 'operator', expiresAt: null },
      Date.now(),
    );
    const counter = await issueToken(
      db,
      { name: 'Counter 3 PC', role: 'counter', expiresAt: null },
      Date.now(),
    );
    console.log(JSON.stringify({ operator: operator.token, counter: counter.token }));
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
