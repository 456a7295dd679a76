import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readCertificateMessage, checkCertificate } from '@shared/fleet/trust/kiosk-certificate';
import { checkRevocationList, readRevocationMessage } from '@shared/fleet/trust/revocation-list';
import { certificateTopic, revocationsTopic } from '@shared/fleet/trust/trust-topics';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  revocationList,
  SAMPLE_PREFIX,
  SAMPLE_SERIAL,
} from '../../tests/support/fixtures/kiosk-certificate';
import { approve, revoke } from './enrolment-actions';
import type { WebCryptoKeys } from './signing-key';

const subtle = webcrypto.subtle as unknown as WebCryptoKeys;
const operator = makeEnrolmentKey();

async function signing() {
  const published: { topic: string; payload: string; retain: boolean }[] = [];
  const key = await subtle.importKey(
    'pkcs8',
    new Uint8Array(operator.privateKey.export({ format: 'der', type: 'pkcs8' })),
    { name: 'Ed25519' },
    false,
    ['sign'],
  );
  const session = {
    prefix: SAMPLE_PREFIX,
    publish: (topic: string, payload: string, { retain }: { retain: boolean }) => {
      published.push({ topic, payload, retain });
      return Promise.resolve();
    },
  };
  return { signing: { session, key, subtle, now: () => 1_700_000_000_000 }, published };
}

describe('approving and revoking in the console', () => {
  it('signs the region into the certificate when one is named, so the kiosk cannot claim another', async () => {
    const { signing: with_, published } = await signing();
    const kiosk = makeReceiptKey();
    const request = {
      kioskId: 'kiosk-b',
      publicKey: kiosk.publicText,
      requestedAt: 1,
      version: '1',
    };
    const serial = await approve(with_, request, 'lyon-1', 'eu-west');
    const envelope = readCertificateMessage(new TextEncoder().encode(published[0]?.payload));
    expect(envelope?.certificate).toMatchObject({ store: 'lyon-1', region: 'eu-west' });
    if (!envelope) return;
    const check = { prefix: SAMPLE_PREFIX, kioskId: 'kiosk-b', serial };
    expect(await checkCertificate(envelope, check, operator.publicText, subtle)).toMatchObject({
      ok: true,
    });
    // The region is under the signature: changing it breaks the certificate.
    const moved = { ...envelope, certificate: { ...envelope.certificate, region: 'eu-north' } };
    expect(await checkCertificate(moved, check, operator.publicText, subtle)).toMatchObject({
      ok: false,
      reason: 'bad signature',
    });
    await expect(approve(with_, request, 'lyon-1', 'eu west')).rejects.toThrow();
  });

  it('publishes, retained at its serial, a certificate that verifies under the enrolment key', async () => {
    const { signing: with_, published } = await signing();
    const kiosk = makeReceiptKey();
    const request = {
      kioskId: 'kiosk-a',
      publicKey: kiosk.publicText,
      requestedAt: 1,
      version: '1',
    };
    const serial = await approve(with_, request, 'Main street');
    expect(published).toHaveLength(1);
    const [sent] = published;
    expect(sent?.topic).toBe(certificateTopic(SAMPLE_PREFIX, 'kiosk-a', serial));
    expect(sent?.retain).toBe(true);
    const envelope = readCertificateMessage(new TextEncoder().encode(sent?.payload));
    expect(envelope?.certificate).toMatchObject({
      kioskId: 'kiosk-a',
      store: 'Main street',
      issuedAt: 1_700_000_000_000,
    });
    if (!envelope) return;
    expect(
      await checkCertificate(
        envelope,
        { prefix: SAMPLE_PREFIX, kioskId: 'kiosk-a', serial },
        operator.publicText,
        subtle,
      ),
    ).toMatchObject({ ok: true });
  });

  it('publishes the next revocation list, one version up, keeping every earlier entry', async () => {
    const { signing: with_, published } = await signing();
    const earlier = revocationList(
      [{ kioskId: 'kiosk-b', serial: 'earlier-serial-0001', revokedAt: 5 }],
      { version: 4 },
    );
    const certificate = certificateFields({
      kioskId: 'kiosk-a',
      publicKey: makeReceiptKey().publicText,
    });
    const next = await revoke(with_, earlier, certificate);
    expect(next).toMatchObject({ version: 5 });
    expect(next.revoked).toEqual([
      ...earlier.revoked,
      { kioskId: 'kiosk-a', serial: SAMPLE_SERIAL, revokedAt: 1_700_000_000_000 },
    ]);
    const [sent] = published;
    expect(sent?.topic).toBe(revocationsTopic(SAMPLE_PREFIX));
    const envelope = readRevocationMessage(new TextEncoder().encode(sent?.payload));
    expect(envelope).not.toBeNull();
    if (envelope) {
      expect(await checkRevocationList(envelope, SAMPLE_PREFIX, operator.publicText, subtle)).toBe(
        true,
      );
    }
  });
});
