/**
 * A fleet for the shop service's tests, made as the operator and the kiosks make theirs with
 * node:crypto: an enrolment key, kiosks with receipt keys and certificates, receipt codes
 * signed by them, and kiosk requests signed as a kiosk signs them. Plus the service itself,
 * in-process on either engine, with staff logins.
 */
import { createHash, randomBytes, sign } from 'node:crypto';
import type { Hono } from 'hono';
import type { CertificateEnvelope } from '../../../../shared/fleet/trust/kiosk-certificate';
import {
  KIOSK_REQUEST_HEADERS,
  kioskRequestText,
} from '../../../../shared/fleet/trust/kiosk-request-signature';
import type { ReceiptPayload } from '../../../../shared/fleet/receipt-code';
import {
  signRevocation,
  type RevocationRecord,
} from '../../../../shared/fleet/trust/revocation-record';
import { saveCertificate } from '../../../../services/shop/certificates/certificate-store';
import type { DatabasePlace } from '../../../../services/shop/db/database';
import type { StaffRole } from '../../../../services/shop/db/tables';
import { createShopApp } from '../../../../services/shop/http/shop-app';
import type { ShopEnv, ShopServices } from '../../../../services/shop/http/shop-env';
import { openServices } from '../../../../services/shop/server/start-service';
import { addStaff } from '../../../../services/shop/staff/staff-store';
import { DAY_MS, type TrustSettings } from '../../../../services/shop/trust/trust-settings';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  signCertificateWith,
  type EnrolmentKeyPair,
} from '../../../support/fixtures/kiosk-certificate';
import { signedReceiptCode } from '../../../support/fixtures/receipt';

export const PREFIX = 'kiosk-shop';
export const PASSWORD = 'correct horse battery';

export interface TestKiosk {
  id: string;
  privateKey: ReturnType<typeof makeReceiptKey>['privateKey'];
  publicText: string;
  envelope: CertificateEnvelope;
  serial: string;
}

export interface ShopWorld {
  enrolment: EnrolmentKeyPair;
  trust: TrustSettings;
  kiosks: TestKiosk[];
}

export const newSerial = (): string => randomBytes(16).toString('base64url');
export const newHandoverId = (): string => randomBytes(16).toString('base64url');

export function makeKiosk(world: Pick<ShopWorld, 'enrolment'>, id: string): TestKiosk {
  const key = makeReceiptKey();
  const serial = newSerial();
  const envelope = signCertificateWith(
    certificateFields({ kioskId: id, publicKey: key.publicText, serial }),
    world.enrolment.privateKey,
  );
  return { id, privateKey: key.privateKey, publicText: key.publicText, envelope, serial };
}

export function makeWorld(kioskCount = 2): ShopWorld {
  const enrolment = makeEnrolmentKey();
  const trust = { prefix: PREFIX, enrolmentKey: enrolment.publicText, holdMs: 14 * DAY_MS };
  const kiosks = Array.from({ length: kioskCount }, (_, index) =>
    makeKiosk({ enrolment }, `kiosk-${String(index + 1).padStart(2, '0')}`),
  );
  return { enrolment, trust, kiosks };
}

let receiptCounter = 0;
const RECEIPT_BASE = Date.now() * 100;

/** A fresh receipt id, unique within the run (the pattern allows 16 digits). */
export function newReceiptId(): string {
  receiptCounter += 1;
  return `Receipt-${RECEIPT_BASE + receiptCounter}-${receiptCounter % 1000}`;
}

export function receiptPayload(
  kiosk: TestKiosk,
  overrides: Partial<ReceiptPayload> = {},
): ReceiptPayload {
  return { r: newReceiptId(), k: kiosk.id, t: Date.now(), i: [[3, 2]], c: 2000, ...overrides };
}

export function receiptCode(kiosk: TestKiosk, overrides: Partial<ReceiptPayload> = {}) {
  const payload = receiptPayload(kiosk, overrides);
  return { payload, code: signedReceiptCode(payload, kiosk.privateKey) };
}

/** The headers of a request signed by `kiosk`, as a kiosk signs one. */
export function kioskHeaders(
  kiosk: TestKiosk,
  request: { method: string; path: string; body: string; time?: number; serial?: string },
): Record<string, string> {
  const time = request.time ?? Date.now();
  const serial = request.serial ?? kiosk.serial;
  const text = kioskRequestText({
    fleet: PREFIX,
    method: request.method,
    path: request.path,
    kioskId: kiosk.id,
    serial,
    time,
    bodyHash: createHash('sha256').update(request.body).digest('base64url'),
  });
  return {
    [KIOSK_REQUEST_HEADERS.kiosk]: kiosk.id,
    [KIOSK_REQUEST_HEADERS.certificate]: serial,
    [KIOSK_REQUEST_HEADERS.time]: String(time),
    [KIOSK_REQUEST_HEADERS.signature]: sign(null, Buffer.from(text), kiosk.privateKey).toString(
      'base64url',
    ),
  };
}

export function revocationOf(
  world: ShopWorld,
  kiosk: TestKiosk,
  reason = 'stolen',
): Promise<RevocationRecord> {
  return signRevocation(
    { fleet: PREFIX, kioskId: kiosk.id, serial: kiosk.serial, revokedAt: Date.now(), reason },
    world.enrolment.privateKey,
    { sign: (_algorithm, key, data) => Promise.resolve(sign(null, data, key)) },
  );
}

export interface TestShop {
  app: Hono<ShopEnv>;
  services: ShopServices;
  close(): Promise<void>;
}

/**
 * The service in this process, its certificates kept, on the engine `place` names; in memory,
 * from the migrated copy every test shares (pglite-template.ts).
 */
export async function openShop(
  world: ShopWorld,
  place: DatabasePlace = { engine: 'pglite', dataDir: null },
  now: () => number = Date.now,
): Promise<TestShop> {
  // Loaded here, not above: the files that only sign with this world never load PGlite's dump.
  const { withMigratedStart } = await import('./pglite-template');
  const { services, database } = await openServices(
    await withMigratedStart(place),
    world.trust,
    now,
  );
  for (const kiosk of world.kiosks) await saveCertificate(services.db, kiosk.envelope, now());
  return { app: createShopApp(services), services, close: () => database.close() };
}

export async function addLogin(
  services: ShopServices,
  username: string,
  role: StaffRole = 'counter',
  name = username,
): Promise<void> {
  await addStaff(services.db, { username, name, role, password: PASSWORD }, services.now());
}

/** The Cookie header of a fresh session. */
export async function loginCookie(
  app: { request: Hono['request'] } | { fetch: (request: Request) => Promise<Response> },
  username: string,
  origin = 'http://shop.test',
): Promise<string> {
  const request = new Request(`${origin}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const response = 'request' in app ? await app.request(request) : await app.fetch(request);
  if (response.status !== 200) throw new Error(`login ${username}: ${response.status}`);
  const cookie = response.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] ?? '';
}

/** A JSON request's init, with a session cookie. */
export function jsonPost(body: unknown, cookie?: string): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}
