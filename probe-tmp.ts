import { PGlite } from '@electric-sql/pglite';
import { hashPassword } from './services/shop/staff/passwords';
import { openServices } from './services/shop/server/start-service';
async function main() {
  let t = performance.now();
  const pg = new PGlite(); await pg.waitReady; console.log('pglite mem', Math.round(performance.now() - t));
  t = performance.now(); const dump = await pg.dumpDataDir('none'); console.log('dump', Math.round(performance.now() - t), dump.size);
  t = performance.now(); const pg2 = new PGlite({ loadDataDir: dump }); await pg2.waitReady; console.log('pglite from dump', Math.round(performance.now() - t));
  t = performance.now(); await hashPassword('x'.repeat(12)); console.log('scrypt', Math.round(performance.now() - t));
  t = performance.now(); await openServices({ engine: 'pglite', dataDir: null }, { prefix: 'p', enrolmentKey: 'x', holdMs: 1 }); console.log('openServices', Math.round(performance.now() - t));
}
void main();
