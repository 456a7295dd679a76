/**
 * The kiosk's enrolment: it waits with a pairing code until a certificate for its own key,
 * signed by the operator's enrolment key for its fleet, arrives; then it signs receipts,
 * until a newer revocation list names the certificate. Alone, then on a real Mosquitto with
 * the kiosk's own fleet client.
 */
import { webcrypto } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKioskEnrolment,
  MAX_OWN_CERTIFICATES,
  pairingCodeOf,
  type KioskEnrolmentOptions,
  type StoredEnrolment,
} from '../../../fleet-agent/identity/enrolment';
import { resolveKioskGroups } from '../../../fleet-agent/identity/kiosk-groups';
import { readEnrolmentRequest } from '../../../shared/fleet/trust/kiosk-certificate';
import { pairingCode, PAIRING_CODE_PATTERN } from '../../../shared/fleet/trust/pairing-code';
import {
  certificateTopic,
  enrolmentRequestTopic,
  revocationsTopic,
} from '../../../shared/fleet/trust/trust-topics';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  revocationList,
  SAMPLE_PREFIX,
  SAMPLE_SERIAL,
  signCertificateWith,
  signRevocationsWith,
} from '../../support/fixtures/kiosk-certificate';
import {
  BROKER_SUITE,
  fleetBrokers,
  startFleetBroker,
  type FleetBroker,
} from '../../support/fleet-brokers';
import { kioskTopics } from '../../../shared/fleet/topics';
import {
  hasFields,
  memoryLog,
  observe,
  sleep,
  startKiosk,
  type Observer,
} from '../support/fleet-fixtures';

const KIOSK = 'kiosk-a';
const operator = makeEnrolmentKey();
const receiptKey = makeReceiptKey();
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const certTopic = (serial = SAMPLE_SERIAL) => certificateTopic(SAMPLE_PREFIX, KIOSK, serial);
const certificate = (overrides: Parameters<typeof certificateFields>[0] | object = {}) =>
  signCertificateWith(
    certificateFields({ kioskId: KIOSK, publicKey: receiptKey.publicText, ...overrides }),
    operator.privateKey,
  );

function enrolment(options: Partial<KioskEnrolmentOptions> = {}) {
  const log = memoryLog();
  const stored: { value: StoredEnrolment } = { value: { certificates: [], revocations: null } };
  const kiosk = createKioskEnrolment({
    kioskId: KIOSK,
    prefix: SAMPLE_PREFIX,
    publicKey: receiptKey.publicText,
    enrolmentKey: operator.publicText,
    version: '1.2.3',
    store: {
      load: () => stored.value,
      save: (value) => {
        stored.value = value;
      },
    },
    log,
    now: () => 1_700_000_000_000,
    ...options,
  });
  return { kiosk, log, stored };
}

describe('a kiosk’s enrolment', () => {
  it('waits with the pairing code of its receipt key, in its log and its request', async () => {
    const { kiosk, log } = enrolment();
    await kiosk.ready;
    const code = pairingCodeOf(receiptKey.publicText);
    expect(code).toMatch(PAIRING_CODE_PATTERN);
    // The console computes the same code with WebCrypto.
    expect(
      await pairingCode(receiptKey.publicText, (bytes) =>
        webcrypto.subtle.digest('SHA-256', bytes),
      ),
    ).toBe(code);
    expect(kiosk.state()).toEqual({ kind: 'waiting', pairingCode: code });
    expect(kiosk.pairingCode()).toBe(code);
    expect(kiosk.enrolled()).toBe(false);
    expect(log.matching(`pairing code ${code}`)).toHaveLength(1);
    expect(readEnrolmentRequest(json(JSON.parse(kiosk.request())))).toEqual({
      kioskId: KIOSK,
      publicKey: receiptKey.publicText,
      requestedAt: 1_700_000_000_000,
      version: '1.2.3',
    });
    expect(kiosk.requestTopic).toBe(enrolmentRequestTopic(SAMPLE_PREFIX, KIOSK));
  });

  it('is enrolled by a certificate for its key, withdraws its request and keeps it on disk', async () => {
    const { kiosk, log, stored } = enrolment();
    const changes: string[] = [];
    kiosk.onChange((state) => changes.push(state.kind));
    await kiosk.ready;
    expect(kiosk.certificateEnvelope()).toBeNull();
    await kiosk.receive(certTopic(), json(certificate()));
    expect(kiosk.enrolled()).toBe(true);
    // The certificate as the operator signed it, for the shop service to check.
    expect(kiosk.certificateEnvelope()).toEqual(certificate());
    expect(kiosk.pairingCode()).toBeNull();
    expect(kiosk.request()).toBe('');
    expect(changes).toEqual(['enrolled']);
    expect(stored.value.certificates).toHaveLength(1);
    expect(log.matching('enrolled (certificate')).toHaveLength(1);

    // Started again from disk, it is enrolled before the broker says anything.
    const restarted = createKioskEnrolment({
      kioskId: KIOSK,
      prefix: SAMPLE_PREFIX,
      publicKey: receiptKey.publicText,
      enrolmentKey: operator.publicText,
      version: '1.2.3',
      store: { load: () => stored.value, save: () => undefined },
      log: memoryLog(),
    });
    await restarted.ready;
    expect(restarted.enrolled()).toBe(true);
    // A record edited on disk is checked again, and gains nothing.
    const edited = createKioskEnrolment({
      kioskId: KIOSK,
      prefix: SAMPLE_PREFIX,
      publicKey: receiptKey.publicText,
      enrolmentKey: makeEnrolmentKey().publicText,
      version: '1.2.3',
      store: { load: () => stored.value, save: () => undefined },
      log: memoryLog(),
    });
    await edited.ready;
    expect(edited.enrolled()).toBe(false);
  });

  it.each([
    [
      'signed by another key',
      () =>
        signCertificateWith(
          certificateFields({ kioskId: KIOSK, publicKey: receiptKey.publicText }),
          makeEnrolmentKey().privateKey,
        ),
      certTopic(),
    ],
    ['for another fleet', () => certificate({ fleet: 'other-shop' }), certTopic()],
    ['for another kiosk', () => certificate({ kioskId: 'kiosk-b' }), certTopic()],
    ['for another key', () => certificate({ publicKey: makeReceiptKey().publicText }), certTopic()],
    ['at another serial’s topic', () => certificate(), certTopic('another-serial-0001')],
  ])('is not enrolled by a certificate %s', async (_name, make, topic) => {
    const { kiosk } = enrolment();
    await kiosk.receive(topic, json(make()));
    expect(kiosk.enrolled()).toBe(false);
    expect(kiosk.state().kind).toBe('waiting');
  });

  it('without fleet.enrolmentPublicKey checks no certificate, and says why in its log', async () => {
    const { kiosk, log } = enrolment({ enrolmentKey: '' });
    await kiosk.receive(certTopic(), json(certificate()));
    expect(kiosk.enrolled()).toBe(false);
    expect(log.matching('fleet.enrolmentPublicKey is not set')).toHaveLength(1);
  });

  it('stops signing when a newer revocation list names its certificate, and never goes back to an older list', async () => {
    const { kiosk, log } = enrolment();
    await kiosk.receive(certTopic(), json(certificate()));
    const revoked = { kioskId: KIOSK, serial: SAMPLE_SERIAL, revokedAt: 1_700_000_500_000 };
    await kiosk.receive(
      revocationsTopic(SAMPLE_PREFIX),
      json(signRevocationsWith(revocationList([revoked], { version: 2 }), operator.privateKey)),
    );
    expect(kiosk.state()).toMatchObject({
      kind: 'revoked',
      listVersion: 2,
      revokedAt: 1_700_000_500_000,
    });
    expect(kiosk.enrolled()).toBe(false);
    expect(kiosk.certificateEnvelope()).toBeNull();
    expect(log.matching('was revoked at')).toHaveLength(1);
    // A replayed older list (genuinely signed, before the revocation) changes nothing.
    await kiosk.receive(
      revocationsTopic(SAMPLE_PREFIX),
      json(signRevocationsWith(revocationList([], { version: 1 }), operator.privateKey)),
    );
    expect(kiosk.state().kind).toBe('revoked');
    // A list signed by someone else is refused.
    await kiosk.receive(
      revocationsTopic(SAMPLE_PREFIX),
      json(signRevocationsWith(revocationList([], { version: 9 }), makeEnrolmentKey().privateKey)),
    );
    expect(kiosk.state().kind).toBe('revoked');
    // Enrolled again: a new certificate (new serial) for this key.
    await kiosk.receive(
      certTopic('second-serial-0002'),
      json(certificate({ serial: 'second-serial-0002', issuedAt: 1_700_000_600_000 })),
    );
    expect(kiosk.state()).toMatchObject({
      kind: 'enrolled',
      certificate: { serial: 'second-serial-0002' },
    });
    expect(kiosk.certificateEnvelope()?.certificate.serial).toBe('second-serial-0002');
  });

  it('keeps no certificate that does not verify, so any number of them cannot keep out its own', async () => {
    const { kiosk, stored } = enrolment();
    const stranger = makeEnrolmentKey();
    for (let n = 0; n < MAX_OWN_CERTIFICATES + 5; n += 1) {
      const serial = `junk-serial-${String(n).padStart(8, '0')}`;
      await kiosk.receive(
        certTopic(serial),
        json(
          signCertificateWith(
            certificateFields({ kioskId: KIOSK, publicKey: receiptKey.publicText, serial }),
            stranger.privateKey,
          ),
        ),
      );
    }
    expect(kiosk.enrolled()).toBe(false);
    await kiosk.receive(certTopic(), json(certificate()));
    expect(kiosk.enrolled()).toBe(true);
    expect(stored.value.certificates.map((kept) => kept.certificate.serial)).toEqual([
      SAMPLE_SERIAL,
    ]);
  });

  it('is not frozen by a revocation list that does not verify, whatever version it names', async () => {
    const { kiosk } = enrolment();
    await kiosk.receive(certTopic(), json(certificate()));
    await kiosk.receive(
      revocationsTopic(SAMPLE_PREFIX),
      json(
        signRevocationsWith(
          revocationList([], { version: 2 ** 31 - 1 }),
          makeEnrolmentKey().privateKey,
        ),
      ),
    );
    expect(kiosk.enrolled()).toBe(true);
    const revoked = { kioskId: KIOSK, serial: SAMPLE_SERIAL, revokedAt: 1_700_000_500_000 };
    await kiosk.receive(
      revocationsTopic(SAMPLE_PREFIX),
      json(signRevocationsWith(revocationList([revoked], { version: 2 }), operator.privateKey)),
    );
    expect(kiosk.state()).toMatchObject({ kind: 'revoked', listVersion: 2 });
  });

  describe('only a newer signed certificate or a signed revocation changes the one in force', () => {
    const LYON = { store: 'lyon-1', region: 'eu-west' };
    const PARIS = { store: 'paris-9', region: 'eu-north' };
    const OLDER = 1_690_000_000_000;
    const NEWER = 1_700_000_000_000;

    /** Enrolled in lyon-1 by its newest certificate, with what it said and kept so far. */
    async function enrolledInLyon() {
      const made = enrolment();
      await made.kiosk.receive(
        certTopic('lyon-serial-000001'),
        json(certificate({ ...LYON, serial: 'lyon-serial-000001', issuedAt: NEWER })),
      );
      expect(made.kiosk.state()).toMatchObject({ kind: 'enrolled', certificate: LYON });
      const changes: string[] = [];
      made.kiosk.onChange((state) => changes.push(state.kind));
      const kept = JSON.stringify(made.stored.value);
      /** Nothing moved: the same certificate, the same groups, no change said, nothing written. */
      const unchanged = () => {
        expect(made.kiosk.state()).toMatchObject({
          kind: 'enrolled',
          certificate: { serial: 'lyon-serial-000001', ...LYON },
        });
        const state = made.kiosk.state();
        const inForce = state.kind === 'enrolled' ? state.certificate : null;
        expect(resolveKioskGroups(inForce, { 'fleet.store': '', 'fleet.region': '' })).toEqual(
          LYON,
        );
        expect(changes).toEqual([]);
        expect(JSON.stringify(made.stored.value)).toBe(kept);
        expect(made.kiosk.request()).toBe('');
      };
      return { ...made, unchanged };
    }

    it('keeps its certificate, store and groups when the certificate’s retained message is emptied', async () => {
      const { kiosk, log, unchanged } = await enrolledInLyon();
      await kiosk.receive(certTopic('lyon-serial-000001'), new Uint8Array());
      unchanged();
      await kiosk.receive(certTopic('lyon-serial-000001'), new Uint8Array());
      expect(log.matching('was emptied on the broker; it stays in force')).toHaveLength(1);
    });

    it('sets aside a replayed older certificate of its own store', async () => {
      const { kiosk, unchanged } = await enrolledInLyon();
      await kiosk.receive(
        certTopic('lyon-serial-000000'),
        json(certificate({ ...LYON, serial: 'lyon-serial-000000', issuedAt: OLDER })),
      );
      unchanged();
    });

    it('is not moved by another store’s older certificate, even with its own emptied', async () => {
      const { kiosk, log, unchanged } = await enrolledInLyon();
      await kiosk.receive(certTopic('lyon-serial-000001'), new Uint8Array());
      await kiosk.receive(
        certTopic('paris-serial-00001'),
        json(certificate({ ...PARIS, serial: 'paris-serial-00001', issuedAt: OLDER })),
      );
      unchanged();
      expect(log.matching('set aside certificate paris-serial-00001')).toHaveLength(1);
    });

    it.each([
      ['another kiosk’s', () => certificate({ kioskId: 'kiosk-b', issuedAt: NEWER + 1 })],
      ['another fleet’s', () => certificate({ fleet: 'other-shop', issuedAt: NEWER + 1 })],
      ['another key’s', () => certificate({ publicKey: makeReceiptKey().publicText })],
      [
        'a stranger’s',
        () =>
          signCertificateWith(
            certificateFields({
              kioskId: KIOSK,
              publicKey: receiptKey.publicText,
              ...PARIS,
              issuedAt: NEWER + 1,
            }),
            makeEnrolmentKey().privateKey,
          ),
      ],
    ])('changes nothing for %s certificate, however new', async (_name, make) => {
      const { kiosk, unchanged } = await enrolledInLyon();
      await kiosk.receive(certTopic(), json(make()));
      unchanged();
    });

    it('moves to a newer certificate the operator signed, and stays revoked once its own is revoked', async () => {
      const { kiosk, stored } = await enrolledInLyon();
      await kiosk.receive(
        certTopic('paris-serial-00002'),
        json(certificate({ ...PARIS, serial: 'paris-serial-00002', issuedAt: NEWER + 1 })),
      );
      expect(kiosk.state()).toMatchObject({ kind: 'enrolled', certificate: PARIS });
      expect(stored.value.certificates.map((kept) => kept.certificate.serial)).toEqual([
        'paris-serial-00002',
      ]);
      const revoked = { kioskId: KIOSK, serial: 'paris-serial-00002', revokedAt: NEWER + 2 };
      await kiosk.receive(
        revocationsTopic(SAMPLE_PREFIX),
        json(signRevocationsWith(revocationList([revoked], { version: 3 }), operator.privateKey)),
      );
      // The lyon-1 certificate, older and never revoked, does not come back in its place.
      await kiosk.receive(
        certTopic('lyon-serial-000001'),
        json(certificate({ ...LYON, serial: 'lyon-serial-000001', issuedAt: NEWER })),
      );
      expect(kiosk.state()).toMatchObject({ kind: 'revoked', certificate: PARIS });
    });

    it('takes the newest of the certificates a broker sends at connect, in any order', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 6 }),
          async (times) => {
            const { kiosk } = enrolment();
            for (const [index, issuedAt] of times.entries()) {
              const serial = `serial-${String(index).padStart(10, '0')}`;
              await kiosk.receive(
                certTopic(serial),
                json(certificate({ serial, issuedAt, store: `store-${issuedAt}` })),
              );
            }
            expect(kiosk.state()).toMatchObject({
              kind: 'enrolled',
              certificate: { issuedAt: Math.max(...times) },
            });
          },
        ),
        { numRuns: 40 },
      );
    });
  });

  it('reads random and mutated messages without throwing and without being enrolled', async () => {
    const { kiosk } = enrolment();
    const valid = json(certificate({ kioskId: 'kiosk-b' }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(certTopic(), revocationsTopic(SAMPLE_PREFIX)),
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }),
          fc.nat({ max: valid.length - 1 }).map((index) => {
            const copy = new Uint8Array(valid);
            copy[index] = (copy[index] ?? 0) ^ 0x01;
            return copy;
          }),
        ),
        async (topic, bytes) => {
          await kiosk.receive(topic, bytes);
          expect(kiosk.enrolled()).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe.each(fleetBrokers())('enrolment over a real broker: %s', BROKER_SUITE, (kind) => {
  let broker: FleetBroker;
  let watcher: Observer;

  beforeAll(async () => {
    broker = await startFleetBroker(kind, { kiosks: { [KIOSK]: 'kiosk-secret' } });
    watcher = await observe(broker);
  }, 60_000);

  afterAll(async () => {
    await watcher.close();
    await broker.dispose();
  });

  it('asks on the broker, is enrolled by the operator’s certificate, and withdraws its request', async () => {
    const { kiosk } = enrolment({ prefix: broker.prefix });
    const requestTopic = enrolmentRequestTopic(broker.prefix, KIOSK);
    const started = startKiosk(broker, {
      kioskId: KIOSK,
      password: 'kiosk-secret',
      enrolment: kiosk,
    });
    kiosk.onChange(() => void started.client.publishEnrolmentRequest());
    try {
      await watcher.next(requestTopic, (payload) => payload.length > 0);
      // Retained: a console that connects later still sees it waiting.
      const later = await observe(broker);
      try {
        const request = await later.next(requestTopic);
        expect(request.retain).toBe(true);
        expect(readEnrolmentRequest(request.payload)).toMatchObject({
          publicKey: receiptKey.publicText,
        });
      } finally {
        await later.close();
      }

      await watcher.publish(certTopic(), JSON.stringify(certificate()), { retain: true });
      await watcher.next(requestTopic, (payload) => payload.length === 0);
      expect(kiosk.enrolled()).toBe(true);
    } finally {
      await started.client.stop();
    }
  });

  it('stays enrolled in its store when the operator’s login empties its certificate and puts back another store’s older one', async () => {
    const { kiosk, stored } = enrolment({ prefix: broker.prefix });
    const topic = (serial: string) => certificateTopic(broker.prefix, KIOSK, serial);
    const signed = (serial: string, store: string, issuedAt: number) =>
      JSON.stringify(
        certificate({ fleet: broker.prefix, serial, store, region: 'eu-west', issuedAt }),
      );
    const started = startKiosk(broker, {
      kioskId: KIOSK,
      password: 'kiosk-secret',
      enrolment: kiosk,
    });
    try {
      await watcher.publish(
        topic('lyon-on-broker-01'),
        signed('lyon-on-broker-01', 'lyon-1', 2e12),
        {
          retain: true,
        },
      );
      await expect
        .poll(() => kiosk.state(), { timeout: 10_000 })
        .toMatchObject({ kind: 'enrolled', certificate: { serial: 'lyon-on-broker-01' } });
      const changes: string[] = [];
      kiosk.onChange((state) => changes.push(state.kind));
      await watcher.publish(topic('lyon-on-broker-01'), '', { retain: true });
      await watcher.publish(
        topic('paris-on-broker-1'),
        signed('paris-on-broker-1', 'paris-9', 1e12),
        {
          retain: true,
        },
      );
      await sleep(500);
      // Started again, it is sent what the broker retains now: the older certificate alone.
      await started.client.stop();
      const from = watcher.messages.length;
      const again = startKiosk(broker, {
        kioskId: KIOSK,
        password: 'kiosk-secret',
        enrolment: kiosk,
      });
      try {
        await watcher.next(
          kioskTopics(broker.prefix, KIOSK).status,
          hasFields({ state: 'online' }),
          {
            from,
          },
        );
        await sleep(500);
        expect(kiosk.state()).toMatchObject({
          kind: 'enrolled',
          certificate: { serial: 'lyon-on-broker-01', store: 'lyon-1' },
        });
        expect(changes).toEqual([]);
        expect(stored.value.certificates.map((kept) => kept.certificate.store)).toEqual(['lyon-1']);
      } finally {
        await again.client.stop();
      }
    } finally {
      await started.client.stop();
      await watcher.publish(topic('paris-on-broker-1'), '', { retain: true });
    }
  });
});
