/**
 * Revocations, each its own record signed with the enrolment key:
 *   POST /revocations {revocation, signature} (operator) → 201 added; 200 already revoked
 *        (the record kept, which stays the one that counts); 422 not signed for this fleet
 *   GET  /revocations (counter, operator) → 200 {fleet, revocations}: the whole set, each as
 *        signed, for counters to verify themselves and keep offline
 */
import { Hono } from 'hono';
import {
  checkRevocationRecord,
  MAX_REVOCATION_RECORD_BYTES,
  revocationRecordSchema,
} from '../../../shared/fleet/trust/revocation-record';
import { HttpError } from '../http/http-error';
import { bodyText, checkAgainst, parseJsonText, requireJsonType } from '../http/json-body';
import type { ShopEnv, ShopServices } from '../http/shop-env';
import { subtle } from '../trust/ed25519';
import { listRevocations, saveRevocation } from './revocation-store';

export function revocationRoutes(services: ShopServices): Hono<ShopEnv> {
  const { db, trust, staffAuth, now, log } = services;
  const routes = new Hono<ShopEnv>();

  routes.post('/revocations', staffAuth.require('operator'), async (c) => {
    requireJsonType(c);
    const text = await bodyText(c);
    if (text.length > MAX_REVOCATION_RECORD_BYTES) {
      throw new HttpError(413, 'too-large', 'A revocation is a few hundred bytes.');
    }
    const record = checkAgainst(parseJsonText(text), revocationRecordSchema);
    if (!(await checkRevocationRecord(record, trust.prefix, trust.enrolmentKey, subtle))) {
      throw new HttpError(
        422,
        'revocation-refused',
        `Revocation refused: it is not signed by the enrolment key for fleet "${trust.prefix}".`,
      );
    }
    const saved = await saveRevocation(db, record, now());
    if (saved.added) {
      const { kioskId, serial } = record.revocation;
      log(`certificate ${serial} of kiosk ${kioskId} revoked by ${c.var.principal.id}`);
    }
    return c.json({ revocation: saved.record }, saved.added ? 201 : 200);
  });

  routes.get('/revocations', staffAuth.require('counter', 'operator'), async (c) => {
    return c.json({ fleet: trust.prefix, revocations: await listRevocations(db) });
  });

  return routes;
}
