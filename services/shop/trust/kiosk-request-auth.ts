/**
 * Lets a request in only when an enrolled kiosk signed it
 * (shared/fleet/trust/kiosk-request-signature.ts): the headers name the kiosk, its
 * certificate and the time; the signature covers the fleet, method, path, body hash and
 * time, under the key of that certificate, which must be kept here (or carried in the body
 * as `certificate` and verify under the enrolment key, and is then kept) and not revoked.
 * Sets `kiosk` with the body read once.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { fromBase64Url } from '../../../shared/fleet/base64url';
import {
  KIOSK_REQUEST_HEADERS,
  KIOSK_REQUEST_MAX_SKEW_MS,
  kioskRequestText,
} from '../../../shared/fleet/trust/kiosk-request-signature';
import { isValidKioskId } from '../../../shared/fleet/topics';
import { SERIAL_PATTERN } from '../../../shared/fleet/trust/trust-topics';
import type { CertificateEnvelope } from '../../../shared/fleet/trust/kiosk-certificate';
import { verifyCertificate } from '../certificates/certificate-check';
import { saveCertificate, type KnownCertificate } from '../certificates/certificate-store';
import { HttpError } from '../http/http-error';
import { parseJsonText, requireJsonType } from '../http/json-body';
import type { ShopEnv, ShopServices } from '../http/shop-env';
import { revocationReader } from '../revocations/revocation-store';
import { verifyEd25519 } from './ed25519';

const unsigned = (message: string) => new HttpError(401, 'kiosk-unauthenticated', message);
const decoder = new TextDecoder();

interface SignedHeaders {
  kioskId: string;
  serial: string;
  time: number;
  signature: Uint8Array;
  signatureText: string;
}

function readHeaders(header: (name: string) => string | undefined, now: number): SignedHeaders {
  const kioskId = header(KIOSK_REQUEST_HEADERS.kiosk) ?? '';
  const serial = header(KIOSK_REQUEST_HEADERS.certificate) ?? '';
  const timeText = header(KIOSK_REQUEST_HEADERS.time) ?? '';
  const signatureText = header(KIOSK_REQUEST_HEADERS.signature) ?? '';
  const signature = fromBase64Url(signatureText);
  if (!isValidKioskId(kioskId) || !SERIAL_PATTERN.test(serial) || !/^[0-9]{1,16}$/.test(timeText)) {
    throw unsigned('This needs a request signed by an enrolled kiosk.');
  }
  if (signature?.length !== 64) throw unsigned('The request signature is malformed.');
  const time = Number(timeText);
  if (Math.abs(now - time) > KIOSK_REQUEST_MAX_SKEW_MS) {
    throw unsigned('The request is dated more than 5 minutes away from the service’s clock.');
  }
  return { kioskId, serial, time, signature, signatureText };
}

/**
 * The certificate the request names: kept here, or carried in the body and verified now
 * (`carried`: to be kept once the request's own signature has verified under it).
 */
async function certificateFor(
  services: ShopServices,
  signed: SignedHeaders,
  body: unknown,
): Promise<{ certificate: KnownCertificate; carried: CertificateEnvelope | null }> {
  const known = await services.kioskKeys.bySerial(signed.kioskId, signed.serial);
  if (known) return { certificate: known, carried: null };
  const carried = (body as { certificate?: unknown } | undefined)?.certificate;
  const verdict = carried === undefined ? null : await verifyCertificate(carried, services.trust);
  if (!verdict?.ok)
    throw unsigned(`Kiosk "${signed.kioskId}" is not enrolled under that certificate.`);
  const { certificate } = verdict.envelope;
  if (certificate.kioskId !== signed.kioskId || certificate.serial !== signed.serial) {
    throw unsigned('The certificate carried is not the one the request names.');
  }
  return {
    certificate: {
      serial: certificate.serial,
      kioskId: certificate.kioskId,
      publicKey: certificate.publicKey,
      store: certificate.store,
    },
    carried: verdict.envelope,
  };
}

export function kioskRequestAuth(services: ShopServices): MiddlewareHandler<ShopEnv> {
  const revoked = revocationReader(services.db);
  return async (c, next) => {
    const signed = readHeaders((name) => c.req.header(name), services.now());
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length > 0) requireJsonType(c);
    const bodyText = decoder.decode(bytes);
    const body = bytes.length === 0 ? undefined : parseJsonText(bodyText);
    const { certificate, carried } = await certificateFor(services, signed, body);
    const url = new URL(c.req.url);
    const text = kioskRequestText({
      fleet: services.trust.prefix,
      method: c.req.method,
      path: `${url.pathname}${url.search}`,
      kioskId: signed.kioskId,
      serial: signed.serial,
      time: signed.time,
      bodyHash: createHash('sha256').update(bytes).digest('base64url'),
    });
    if (!(await verifyEd25519(certificate.publicKey, Buffer.from(text), signed.signature))) {
      throw unsigned('The request signature does not verify under that kiosk’s certificate.');
    }
    if (carried) {
      await saveCertificate(services.db, carried, services.now());
      services.kioskKeys.forget(signed.kioskId);
    }
    if (await revoked.submit(signed.serial)) {
      throw new HttpError(403, 'certificate-revoked', `Certificate ${signed.serial} is revoked.`);
    }
    c.set('kiosk', {
      kioskId: signed.kioskId,
      serial: signed.serial,
      signature: signed.signatureText,
      signedAt: signed.time,
      bodyText,
      body,
    });
    await next();
  };
}
