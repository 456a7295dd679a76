// @vitest-environment node
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readCertificateMessage, checkCertificate } from '@shared/fleet/trust/kiosk-certificate';
import { checkRevocationList, readRevocationMessage } from '@shared/fleet/trust/revocation-list';
import {
  checkRevocationRecord,
  revocationRecordSchema,
  type RevocationRecord,
} from '@shared/fleet/trust/revocation-record';
import { certificateTopic, revocationsTopic } from '@shared/fleet/trust/trust-topics';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  SAMPLE_PREFIX,
  SAMPLE_SERIAL,
  signRevocationRecordWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import { answer, fakeService, UNREACHABLE, type ServiceCall } from '../test/fake-service';
import { approve, kioskRevocationList, revoke } from './enrolment-actions';
import type { WebCryptoKeys } from './signing-key';

const subtle = webcrypto.subtle as unknown as WebCryptoKeys;
const operator = makeEnrolmentKey();
const NOW = 1_700_000_000_000;

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
  return { signing: { session, key, subtle, now: () => NOW }, published };
}

const request = (kioskId: string) => ({
  kioskId,
  publicKey: makeReceiptKey().publicText,
  requestedAt: 1,
  version: '1',
});

/** A service whose set of revocations grows with each one posted, as the real one's does. */
function revocationService(earlier: RevocationRecord[] = []) {
  const set = [...earlier];
  return fakeService(({ method, path, body }: ServiceCall) => {
    if (method === 'POST' && path === '/revocations') {
      set.push(revocationRecordSchema.parse(body));
      return answer(201, { revocation: body });
    }
    if (method === 'GET' && path === '/revocations') {
      return answer(200, { fleet: SAMPLE_PREFIX, revocations: set });
    }
    return answer(404, { error: 'not-found', message: 'No such endpoint.' });
  });
}

describe('approving in the console', () => {
  it('signs the region into the certificate when one is named, so the kiosk cannot claim another', async () => {
    const { signing: with_, published } = await signing();
    const service = fakeService(() => answer(201, {}));
    const { serial } = await approve(with_, service, request('kiosk-b'), 'lyon-1', 'eu-west');
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
    await expect(
      approve(with_, service, request('kiosk-b'), 'lyon-1', 'eu west'),
    ).rejects.toThrow();
  });

  it('retains the certificate at its serial for the kiosk, and posts the same one to the shop service', async () => {
    const { signing: with_, published } = await signing();
    const service = fakeService(() => answer(201, {}));
    const approved = await approve(with_, service, request('kiosk-a'), 'Main street');
    expect(approved.atService).toBeNull();
    expect(published).toHaveLength(1);
    const [sent] = published;
    expect(sent?.topic).toBe(certificateTopic(SAMPLE_PREFIX, 'kiosk-a', approved.serial));
    expect(sent?.retain).toBe(true);
    const envelope = readCertificateMessage(new TextEncoder().encode(sent?.payload));
    expect(envelope?.certificate).toMatchObject({
      kioskId: 'kiosk-a',
      store: 'Main street',
      issuedAt: NOW,
    });
    expect(service.calls).toEqual([{ method: 'POST', path: '/certificates', body: envelope }]);
  });

  it('says when the shop service did not keep the certificate, and why', async () => {
    const { signing: with_ } = await signing();
    const down = await approve(
      with_,
      fakeService(() => UNREACHABLE),
      request('kiosk-a'),
      'S',
    );
    expect(down.atService).toBe('the shop service cannot be reached');
    const counter = fakeService(() => answer(403, { error: 'forbidden', message: 'no' }));
    expect((await approve(with_, counter, request('kiosk-a'), 'S')).atService).toBe(
      'only an operator login may do this',
    );
    expect((await approve(with_, null, request('kiosk-a'), 'S')).atService).toBe(
      'no shop service is set',
    );
  });
});

describe('revoking in the console', () => {
  const certificate = certificateFields({
    kioskId: 'kiosk-a',
    publicKey: makeReceiptKey().publicText,
  });

  it('posts a revocation record of its own, signed for this fleet, with the reason', async () => {
    const { signing: with_ } = await signing();
    const service = revocationService();
    const { record } = await revoke(with_, service, certificate, 'stolen', operator.publicText);
    expect(record.revocation).toEqual({
      type: 'kiosk-revocation',
      fleet: SAMPLE_PREFIX,
      kioskId: 'kiosk-a',
      serial: SAMPLE_SERIAL,
      revokedAt: NOW,
      reason: 'stolen',
    });
    expect(await checkRevocationRecord(record, SAMPLE_PREFIX, operator.publicText, subtle)).toBe(
      true,
    );
    expect(service.calls[0]).toEqual({ method: 'POST', path: '/revocations', body: record });
  });

  it('tells the kiosks the whole set over the broker, its version the number of records', async () => {
    const { signing: with_, published } = await signing();
    const earlier = signRevocationRecordWith(
      { kioskId: 'kiosk-b', serial: 'earlier-serial-0001', revokedAt: 5 },
      operator.privateKey,
    );
    const outcome = await revoke(
      with_,
      revocationService([earlier]),
      certificate,
      'stolen',
      operator.publicText,
    );
    expect(outcome.kiosks).toEqual({ told: true, version: 2 });
    const [sent] = published;
    expect(sent).toMatchObject({ topic: revocationsTopic(SAMPLE_PREFIX), retain: true });
    const envelope = readRevocationMessage(new TextEncoder().encode(sent?.payload));
    expect(envelope?.revocations).toMatchObject({
      version: 2,
      revoked: [
        { kioskId: 'kiosk-b', serial: 'earlier-serial-0001', revokedAt: 5 },
        { kioskId: 'kiosk-a', serial: SAMPLE_SERIAL, revokedAt: NOW },
      ],
    });
    if (envelope) {
      expect(await checkRevocationList(envelope, SAMPLE_PREFIX, operator.publicText, subtle)).toBe(
        true,
      );
    }
  });

  it('signs for the kiosks only the records that verify under the pinned key', async () => {
    const forged = signRevocationRecordWith(
      { kioskId: 'kiosk-c', serial: 'forged-serial-00001' },
      makeEnrolmentKey().privateKey,
    );
    const genuine = signRevocationRecordWith(
      { kioskId: 'kiosk-b', serial: 'earlier-serial-0001' },
      operator.privateKey,
    );
    const list = await kioskRevocationList(
      [forged, genuine, genuine],
      SAMPLE_PREFIX,
      operator.publicText,
      subtle,
      NOW,
    );
    expect(list).toMatchObject({ version: 1, revoked: [{ kioskId: 'kiosk-b' }] });
    expect(
      await kioskRevocationList([forged], SAMPLE_PREFIX, operator.publicText, subtle, NOW),
    ).toBeNull();
  });

  it('revokes nothing, and says so, when the shop service does not take the record', async () => {
    const { signing: with_, published } = await signing();
    const refused = fakeService(() =>
      answer(422, { error: 'revocation-refused', message: 'Revocation refused: not signed.' }),
    );
    await expect(
      revoke(with_, refused, certificate, 'stolen', operator.publicText),
    ).rejects.toThrow('the shop service did not take it: Revocation refused: not signed.');
    await expect(
      revoke(
        with_,
        fakeService(() => UNREACHABLE),
        certificate,
        'stolen',
        operator.publicText,
      ),
    ).rejects.toThrow('the shop service cannot be reached');
    expect(published).toEqual([]);
  });

  it('still revokes when the kiosks cannot be told, and says why', async () => {
    const { signing: with_ } = await signing();
    const broken = {
      ...with_,
      session: { ...with_.session, publish: () => Promise.reject(new Error('the broker is away')) },
    };
    const outcome = await revoke(
      broken,
      revocationService(),
      certificate,
      'stolen',
      operator.publicText,
    );
    expect(outcome.kiosks).toEqual({ told: false, why: 'the broker is away' });
  });
});
