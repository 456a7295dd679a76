/**
 * Receipt signing in main: only the app's own page may ask, only a well-formed receipt is
 * signed, main adds its own kiosk id, and the code verifies with the shared verifier
 * (WebCrypto, as the counter checks it) and with node:crypto; a changed byte fails.
 */
import { verify } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcMain } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicKeyFromRaw } from '../../../../fleet-agent/identity/ed25519';
import {
  createReceiptSigner,
  type ReceiptSigner,
} from '../../../../fleet-agent/identity/receipt-signer';
import { setupFleetIdentity } from '../../../../electron/main/fleet/fleet-identity';
import { setupReceiptSigning } from '../../../../electron/main/fleet/receipt-signing';
import { loadReceiptKey } from '../../../../fleet-agent/identity/receipt-key';
import { IPC_CHANNELS } from '../../../../shared/bridge';
import { fromBase64Url, toBase64Url } from '../../../../shared/fleet/base64url';
import {
  decodeReceiptCode,
  RECEIPT_LIMITS,
  verifyReceiptCode,
} from '../../../../shared/fleet/receipt-code';
import { SAMPLE_KIOSK_ID, SAMPLE_RECEIPT_REQUEST } from '../../../support/fixtures/receipt';
import { as } from '../../support/fake-electron';

vi.mock('electron', () => ({}));

const KIOSK = SAMPLE_KIOSK_ID;
const REQUEST = SAMPLE_RECEIPT_REQUEST;
const APP = { senderFrame: { url: 'app://shop/index.html', parent: null } };
const STRANGER = { senderFrame: { url: 'https://evil.example/', parent: null } };
const IFRAME = { senderFrame: { url: 'app://shop/index.html', parent: {} } };
const subtle = globalThis.crypto.subtle;

let dir: string;
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'receipt-signing-'));
  vi.clearAllMocks();
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

type Handler = (event: unknown, ...args: unknown[]) => unknown;

/** Without a fleet, the kiosk's own wiring (fleet-identity.ts) decides there is no key. */
const NO_FLEET_CONFIG = {
  'fleet.brokerUrl': '',
  'fleet.kioskId': '',
  'fleet.topicPrefix': 'shop',
  'fleet.enrolmentPublicKey': '',
};

function setup(fleet: { kioskId: string } | null, enrolled: () => boolean = () => true) {
  const handlers = new Map<string, Handler>();
  const ipcMain = as<IpcMain>({
    handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
  });
  const signer: Pick<ReceiptSigner, 'receiptPublicKey'> = fleet
    ? setupReceiptSigning({
        ipcMain,
        signer: createReceiptSigner(loadReceiptKey(dir, log), fleet.kioskId, enrolled),
        log,
      })
    : setupFleetIdentity({
        ipcMain,
        config: NO_FLEET_CONFIG,
        userDataDir: dir,
        version: '0.1.0',
        log,
      });
  const ask = (event: unknown, request: unknown): unknown => {
    const handler = handlers.get(IPC_CHANNELS.signReceipt);
    if (!handler) throw new Error('nothing answers signReceipt');
    return handler(event, request);
  };
  return { signer, ask };
}

/** Flips one character of the payload part, keeping it valid base64url of valid JSON. */
function tamper(code: string): string {
  const [, body = '', signature = ''] = code.split('.');
  const json = new TextDecoder().decode(fromBase64Url(body) ?? new Uint8Array());
  const changed = json.replace('"c":12345', '"c":12346');
  expect(changed).not.toBe(json);
  return `KSR1.${toBase64Url(new TextEncoder().encode(changed))}.${signature}`;
}

describe('signing a receipt for its QR', () => {
  it('gives a KSR1 code with the kiosk id added that verifies, and a tampered one that does not', async () => {
    const { signer, ask } = setup({ kioskId: KIOSK });
    const publicKey = signer.receiptPublicKey();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const code = ask(APP, REQUEST);
    expect(typeof code).toBe('string');
    const text = String(code);
    expect(text.startsWith('KSR1.')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(RECEIPT_LIMITS.maxCodeLength);

    const check = await verifyReceiptCode(text, publicKey ?? '', subtle);
    expect(check).toEqual({ ok: true, payload: { ...REQUEST, k: KIOSK } });

    // node:crypto agrees, over exactly the payload bytes.
    const decoded = decodeReceiptCode(text);
    const key = publicKeyFromRaw(publicKey ?? '');
    expect(key).not.toBeNull();
    if (!decoded || !key) return;
    expect(verify(null, decoded.signed, key, decoded.signature)).toBe(true);
    expect(new TextDecoder().decode(decoded.signed)).toBe(
      `{"r":"${REQUEST.r}","k":"${KIOSK}","t":${REQUEST.t},"i":[[3,2],[7,1]],"c":12345}`,
    );

    await expect(verifyReceiptCode(tamper(text), publicKey ?? '', subtle)).resolves.toEqual({
      ok: false,
      reason: 'bad signature',
    });
    // Another kiosk's key does not vouch for it either.
    const other = createReceiptSigner(
      loadReceiptKey(mkdtempSync(join(dir, 'o-')), log),
      KIOSK,
      () => true,
    );
    await expect(verifyReceiptCode(text, other.receiptPublicKey() ?? '', subtle)).resolves.toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });

  it('answers only the app’s own top-level page', () => {
    const { ask } = setup({ kioskId: KIOSK });
    expect(ask(STRANGER, REQUEST)).toBeNull();
    expect(ask(IFRAME, REQUEST)).toBeNull();
    expect(ask({ senderFrame: null }, REQUEST)).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('rejected kiosk:sign-receipt'));
    expect(ask(APP, REQUEST)).toMatch(/^KSR1\./);
  });

  it.each([
    ['nothing', undefined],
    ['a string', 'Receipt-1700000000000-42'],
    ['a kiosk id of its own', { ...REQUEST, k: 'kiosk-forged' }],
    ['an extra field', { ...REQUEST, name: 'Alice' }],
    ['a bad receipt id', { ...REQUEST, r: 'Receipt-x' }],
    ['no items', { ...REQUEST, i: [] }],
    [
      'a repeated product',
      {
        ...REQUEST,
        i: [
          [3, 1],
          [3, 2],
        ],
      },
    ],
    ['a zero quantity', { ...REQUEST, i: [[3, 0]] }],
    ['a fractional quantity', { ...REQUEST, i: [[3, 1.5]] }],
    ['a quantity over the cap', { ...REQUEST, i: [[3, 10_000]] }],
    ['a total in dollars', { ...REQUEST, c: 123.45 }],
    ['a negative total', { ...REQUEST, c: -1 }],
    ['a total over the cap', { ...REQUEST, c: RECEIPT_LIMITS.maxTotalCents + 1 }],
    ['a time as text', { ...REQUEST, t: '1700000000000' }],
    ['too many lines', { ...REQUEST, i: Array.from({ length: 101 }, (_, n) => [n + 1, 1]) }],
  ])('signs nothing for %s', (_name, request) => {
    const { ask } = setup({ kioskId: KIOSK });
    expect(ask(APP, request)).toBeNull();
  });

  it('gives null rather than a code too long for a printed QR', () => {
    const { ask } = setup({ kioskId: KIOSK });
    const lines = (count: number) =>
      Array.from({ length: count }, (_, n) => [2_000_000_000 + n, 9999]);
    // 100 big lines make a code far over 1,500 characters; a handful stays under.
    expect(ask(APP, { ...REQUEST, i: lines(100) })).toBeNull();
    expect(ask(APP, { ...REQUEST, i: lines(10) })).toMatch(/^KSR1\./);
  });

  it('signs nothing until the kiosk is enrolled, and nothing once it no longer is', () => {
    let enrolled = false;
    const { signer, ask } = setup({ kioskId: KIOSK }, () => enrolled);
    expect(signer.receiptPublicKey()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ask(APP, REQUEST)).toBeNull();
    enrolled = true;
    expect(ask(APP, REQUEST)).toMatch(/^KSR1\./);
    enrolled = false;
    expect(ask(APP, REQUEST)).toBeNull();
    // Waiting to be enrolled is no refusal worth a warning: the enrolment logs the code.
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('without a fleet makes no key and signs nothing', () => {
    const { signer, ask } = setup(null);
    expect(signer.receiptPublicKey()).toBeNull();
    expect(ask(APP, REQUEST)).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('with a broken key answers null, and the status has no public key', () => {
    writeFileSync(join(dir, 'fleet-receipt-key.pem'), 'broken', { mode: 0o600 });
    const { signer, ask } = setup({ kioskId: KIOSK });
    expect(signer.receiptPublicKey()).toBeNull();
    expect(ask(APP, REQUEST)).toBeNull();
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
