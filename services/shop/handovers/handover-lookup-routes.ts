/**
 * What the counter asks before it hands over, and what the console lists (counter and
 * operator logins or tokens):
 *   POST /receipts/check               {code} → 200 {receipt, certificate, handover|null}; 422 refused
 *   GET  /handovers?limit=N                   → 200 {handovers}, newest first
 *   GET  /handovers/:kioskId/:receiptId       → 200 {handover}; 404
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { RECEIPT_ID_PATTERN } from '../../../shared/fleet/receipt-code';
import { isValidKioskId } from '../../../shared/fleet/topics';
import { HttpError } from '../http/http-error';
import { readJson } from '../http/json-body';
import { limitOf } from '../http/query';
import type { ShopEnv, ShopServices } from '../http/shop-env';
import { revokedAmong } from '../revocations/revocation-store';
import { checkReceiptTime } from '../trust/receipt-check';
import { code, revokedRefusal } from './handover-routes';
import { handoverOf, latestHandovers } from './handover-store';

const checkSchema = z.strictObject({ code });

export function handoverLookupRoutes(services: ShopServices): Hono<ShopEnv> {
  const { db, trust, receipts, now, staffAuth } = services;
  const routes = new Hono<ShopEnv>();
  routes.use('/receipts/*', staffAuth.require('counter', 'operator'));
  routes.use('/handovers', staffAuth.require('counter', 'operator'));
  routes.use('/handovers/*', staffAuth.require('counter', 'operator'));
  const checked = (text: string) => receipts.check(text);

  routes.post('/receipts/check', async (c) => {
    const receipt = await checked((await readJson(c, checkSchema)).code);
    const serials = receipt.signers.map((signer) => signer.serial);
    const revoked = await revokedAmong(db, serials);
    const signer = receipt.signers.find((one) => !revoked.some((r) => r.serial === one.serial));
    if (!signer) throw revokedRefusal(revoked[0]?.revokedAt ?? 0, revoked[0]?.reason ?? '');
    checkReceiptTime(receipt.payload, trust.holdMs, now());
    const handover = await handoverOf(db, receipt.payload.k, receipt.payload.r);
    return c.json({
      receipt: receipt.payload,
      certificate: { serial: signer.serial, store: signer.store },
      handover,
    });
  });

  routes.get('/handovers', async (c) => {
    return c.json({ handovers: await latestHandovers(db, limitOf(c.req.query('limit'))) });
  });

  routes.get('/handovers/:kioskId/:receiptId', async (c) => {
    const { kioskId, receiptId } = c.req.param();
    if (!isValidKioskId(kioskId) || !RECEIPT_ID_PATTERN.test(receiptId)) {
      throw new HttpError(400, 'invalid-path', 'Name a kiosk id and a receipt id.');
    }
    const handover = await handoverOf(db, kioskId, receiptId);
    if (!handover)
      throw new HttpError(404, 'not-found', 'No handover is recorded for this receipt.');
    return c.json({ handover });
  });

  return routes;
}
