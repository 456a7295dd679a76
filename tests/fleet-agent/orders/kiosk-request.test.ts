/**
 * A kiosk's request to the shop service is signed over the shared request text: the
 * signature verifies under the receipt key for exactly that fleet, method, path, body and
 * time, and the headers name the kiosk and the certificate's serial.
 */
import { createHash, generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { kioskRequestHeaders } from '../../../fleet-agent/orders/kiosk-request';
import {
  KIOSK_REQUEST_HEADERS,
  kioskRequestText,
} from '../../../shared/fleet/trust/kiosk-request-signature';
import {
  certificateFields,
  makeEnrolmentKey,
  SAMPLE_PREFIX,
  SAMPLE_SERIAL,
  signCertificateWith,
} from '../../support/fixtures/kiosk-certificate';

const KIOSK = 'kiosk-front-1';

describe('signing a kiosk request', () => {
  it('signs the request text under the receipt key, naming the kiosk, serial and time', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const certificate = signCertificateWith(
      certificateFields({
        kioskId: KIOSK,
        publicKey: String(publicKey.export({ format: 'jwk' }).x),
      }),
      makeEnrolmentKey().privateKey,
    );
    const body = '{"order":{}}';
    const headers = kioskRequestHeaders(
      { kioskId: KIOSK, fleet: SAMPLE_PREFIX, sign: (bytes) => sign(null, bytes, privateKey) },
      certificate,
      { method: 'POST', path: '/orders', body },
      1_700_000_000_123,
    );
    expect(headers).toMatchObject({
      [KIOSK_REQUEST_HEADERS.kiosk]: KIOSK,
      [KIOSK_REQUEST_HEADERS.certificate]: SAMPLE_SERIAL,
      [KIOSK_REQUEST_HEADERS.time]: '1700000000123',
    });
    const text = (path: string, signedBody: string) =>
      Buffer.from(
        kioskRequestText({
          fleet: SAMPLE_PREFIX,
          method: 'POST',
          path,
          kioskId: KIOSK,
          serial: SAMPLE_SERIAL,
          time: 1_700_000_000_123,
          bodyHash: createHash('sha256').update(signedBody).digest('base64url'),
        }),
      );
    const signature = Buffer.from(headers[KIOSK_REQUEST_HEADERS.signature] ?? '', 'base64url');
    expect(signature).toHaveLength(64);
    expect(verify(null, text('/orders', body), publicKey, signature)).toBe(true);
    expect(verify(null, text('/orders?x=1', body), publicKey, signature)).toBe(false);
    expect(verify(null, text('/orders', '{"order":{"x":1}}'), publicKey, signature)).toBe(false);
  });
});
