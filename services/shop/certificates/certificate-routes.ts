/**
 * Kiosk certificates:
 *   POST /certificates {certificate, signature} (operator) → 201 kept; 200 already kept;
 *        409 another certificate under that serial; 422 not the operator's for this fleet
 *   GET  /certificates?kiosk=ID (counter, operator) → 200 {certificates}: each as signed, for
 *        counters to verify against their own pinned key
 */
import { Hono } from 'hono';
import { MAX_CERTIFICATE_BYTES } from '../../../shared/fleet/trust/kiosk-certificate';
import { isValidKioskId } from '../../../shared/fleet/topics';
import { HttpError } from '../http/http-error';
import { bodyText, parseJsonText, requireJsonType } from '../http/json-body';
import type { ShopEnv, ShopServices } from '../http/shop-env';
import { verifyCertificate } from './certificate-check';
import { listCertificates, saveCertificate } from './certificate-store';

export function certificateRoutes(services: ShopServices): Hono<ShopEnv> {
  const { db, trust, kioskKeys, staffAuth, now } = services;
  const routes = new Hono<ShopEnv>();

  routes.post('/certificates', staffAuth.require('operator'), async (c) => {
    requireJsonType(c);
    const text = await bodyText(c);
    if (text.length > MAX_CERTIFICATE_BYTES) {
      throw new HttpError(413, 'too-large', 'A certificate is a few hundred bytes.');
    }
    const verdict = await verifyCertificate(parseJsonText(text), trust);
    if (!verdict.ok) {
      throw new HttpError(422, 'certificate-refused', `Certificate refused: ${verdict.reason}.`);
    }
    const { certificate } = verdict.envelope;
    const outcome = await saveCertificate(db, verdict.envelope, now());
    if (outcome === 'different') {
      throw new HttpError(
        409,
        'serial-taken',
        `Another certificate is kept under serial ${certificate.serial}.`,
      );
    }
    kioskKeys.forget(certificate.kioskId);
    return c.json({ certificate: verdict.envelope }, outcome === 'added' ? 201 : 200);
  });

  routes.get('/certificates', staffAuth.require('counter', 'operator'), async (c) => {
    const kiosk = c.req.query('kiosk');
    if (kiosk !== undefined && !isValidKioskId(kiosk)) {
      throw new HttpError(400, 'invalid-query', 'kiosk: a kiosk id.');
    }
    return c.json({ certificates: await listCertificates(db, kiosk) });
  });

  return routes;
}
