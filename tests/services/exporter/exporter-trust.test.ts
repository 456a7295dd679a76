/**
 * Where the exporter places each kiosk: by the newest certificate that verifies under the
 * enrolment key it was given, unless a verified revocation list ends it. An emptied topic, an
 * older certificate, another store's older one, one signed by a stranger or for another
 * kiosk changes nothing; a list only goes forward; without the key nothing places a kiosk.
 * A bounded fuzz of hostile messages: nothing throws and nothing unsigned places a kiosk.
 */
import { webcrypto } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createExporterTrust } from '../../../services/exporter/exporter-trust';
import type { Ed25519Verifier } from '../../../shared/fleet/receipt-code';
import { certificateTopic, revocationsTopic } from '../../../shared/fleet/trust/trust-topics';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  revocationList,
  SAMPLE_PREFIX as P,
  signCertificateWith,
  signRevocationsWith,
} from '../../support/fixtures/kiosk-certificate';
import { fuzzParameters, hostilePayload } from '../../support/fixtures/hostile-payloads';

const subtle = webcrypto.subtle as Ed25519Verifier<webcrypto.CryptoKey>;
const operator = makeEnrolmentKey();
const key = makeReceiptKey();
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const certificate = (
  serial: string,
  issuedAt: number,
  store: string,
  overrides: object = {},
  signer = operator.privateKey,
) =>
  json(
    signCertificateWith(
      certificateFields({
        kioskId: 'kiosk-x',
        publicKey: key.publicText,
        serial,
        issuedAt,
        store,
        ...overrides,
      }),
      signer,
    ),
  );

function trust(enrolmentKey = operator.publicText, maxKiosks?: number) {
  const changes: [string, string | null][] = [];
  const made = createExporterTrust({
    prefix: P,
    enrolmentKey,
    subtle,
    onChange: (kioskId, groups) => changes.push([kioskId, groups?.store ?? null]),
    ...(maxKiosks === undefined ? {} : { maxKiosks }),
  });
  const take = (serial: string, payload: Uint8Array, kioskId = 'kiosk-x') =>
    made.take(certificateTopic(P, kioskId, serial), payload);
  return { made, take, changes };
}

describe('the exporter’s trust', () => {
  it('places a kiosk by its newest verified certificate, and by nothing else', async () => {
    const { made, take, changes } = trust();
    await take(
      'lyon-serial-000001',
      certificate('lyon-serial-000001', 2, 'lyon-1', { region: 'eu-west' }),
    );
    expect(made.certified('kiosk-x')).toEqual({
      store: 'lyon-1',
      region: 'eu-west',
      serial: 'lyon-serial-000001',
    });
    // Emptied, an older one of another store, a stranger's newer one, another kiosk's: nothing moves.
    await take('lyon-serial-000001', new Uint8Array());
    await take('paris-serial-00001', certificate('paris-serial-00001', 1, 'paris-9'));
    await take(
      'paris-serial-00002',
      certificate('paris-serial-00002', 3, 'paris-9', {}, makeEnrolmentKey().privateKey),
    );
    await take('paris-serial-00003', certificate('paris-serial-00003', 4, 'paris-9'), 'kiosk-y');
    expect(made.certified('kiosk-x')?.store).toBe('lyon-1');
    expect(made.certified('kiosk-y')).toBeNull();
    expect(made.refused).toBe(2);
    expect(changes).toEqual([['kiosk-x', 'lyon-1']]);
    // A newer one the operator signed moves it.
    await take('paris-serial-00004', certificate('paris-serial-00004', 5, 'paris-9'));
    expect(made.certified('kiosk-x')?.store).toBe('paris-9');
  });

  it('ends a placement with a verified revocation list, and never goes back to an older list', async () => {
    const { made, take, changes } = trust();
    await take('lyon-serial-000001', certificate('lyon-serial-000001', 2, 'lyon-1'));
    const revoked = { kioskId: 'kiosk-x', serial: 'lyon-serial-000001', revokedAt: 3 };
    await made.take(
      revocationsTopic(P),
      json(signRevocationsWith(revocationList([revoked], { version: 2 }), operator.privateKey)),
    );
    expect(made.certified('kiosk-x')).toBeNull();
    await made.take(
      revocationsTopic(P),
      json(signRevocationsWith(revocationList([], { version: 1 }), operator.privateKey)),
    );
    await made.take(
      revocationsTopic(P),
      json(signRevocationsWith(revocationList([], { version: 9 }), makeEnrolmentKey().privateKey)),
    );
    expect(made.certified('kiosk-x')).toBeNull();
    expect(changes).toEqual([
      ['kiosk-x', 'lyon-1'],
      ['kiosk-x', null],
    ]);
  });

  it('places no kiosk without the enrolment key, and keeps no more than its bound', async () => {
    const { made, take } = trust('');
    await take('lyon-serial-000001', certificate('lyon-serial-000001', 2, 'lyon-1'));
    expect(made.certified('kiosk-x')).toBeNull();
    const bounded = trust(operator.publicText, 1);
    await bounded.take('serial-a-00000001', certificate('serial-a-00000001', 1, 'a'));
    await bounded.take(
      'serial-b-00000001',
      json(
        signCertificateWith(
          certificateFields({
            kioskId: 'kiosk-b',
            publicKey: key.publicText,
            serial: 'serial-b-00000001',
          }),
          operator.privateKey,
        ),
      ),
      'kiosk-b',
    );
    expect(bounded.made.certified('kiosk-b')).toBeNull();
    expect(bounded.made.overLimit).toBe(1);
  });

  it('never throws on what a broker delivers, and nothing unsigned places a kiosk (bounded fuzz)', async () => {
    const { made } = trust();
    const seeds = [
      new TextDecoder().decode(
        certificate('fuzz-serial-000001', 1, 'lyon-1', {}, makeEnrolmentKey().privateKey),
      ),
      JSON.stringify(signRevocationsWith(revocationList([]), makeEnrolmentKey().privateKey)),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          certificateTopic(P, 'kiosk-x', 'fuzz-serial-000001'),
          revocationsTopic(P),
          `${P}/kiosks/kiosk-x/certificates`,
        ),
        hostilePayload(seeds, [2048]),
        async (topic, payload) => {
          await made.take(topic, payload);
          expect(made.certified('kiosk-x')).toBeNull();
        },
      ),
      fuzzParameters(200),
    );
  }, 30_000);
});
