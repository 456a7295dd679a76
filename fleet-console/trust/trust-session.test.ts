// @vitest-environment node
import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  SAMPLE_PREFIX,
  SAMPLE_SERIAL,
  signCertificateWith,
} from '../../tests/support/fixtures/kiosk-certificate';
import { DEFAULT_SETTINGS } from '../connection/console-settings';
import { readMessages } from '../protocol/read-message';
import { message } from '../test/messages';
import { trustFeature } from './trust-session';
import { useTrustStore } from './trust-store';

vi.mock('../lib/page-crypto', () => ({ pageSubtle: () => webcrypto.subtle }));

const operator = makeEnrolmentKey();
const kiosk = makeReceiptKey();
const certificate = (kioskId: string, key = operator.privateKey) =>
  message(
    `kiosks/${kioskId}/certificates/${SAMPLE_SERIAL}`,
    signCertificateWith(certificateFields({ kioskId, publicKey: kiosk.publicText }), key),
  );
const settings = {
  ...DEFAULT_SETTINGS,
  topicPrefix: SAMPLE_PREFIX,
  enrolmentPublicKey: operator.publicText,
};

/** Lets the gate's checks and the fold that waits for them run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('trust in a broker session', () => {
  afterEach(() => useTrustStore.getState().reset());

  it('keeps a certificate only once it verified under the key pinned in the session’s settings', async () => {
    const session = trustFeature.open(settings);
    const [route] = session.routes;
    route?.take(
      readMessages(SAMPLE_PREFIX, [
        certificate('kiosk-a'),
        certificate('kiosk-b', makeEnrolmentKey().privateKey),
      ]),
    );
    // Verifying signatures takes longer on a busy processor: wait for the fold, boundedly.
    await vi.waitFor(
      () => {
        const { trust } = useTrustStore.getState();
        expect([...trust.certificates.keys()]).toEqual(['kiosk-a']);
        expect(trust.unverified.size).toBe(1);
      },
      { timeout: 5000, interval: 25 },
    );
    session.close?.();
  });

  it('forgets the last session’s trust as a session opens, and folds nothing once it closed', async () => {
    const first = trustFeature.open(settings);
    first.routes[0]?.take(readMessages(SAMPLE_PREFIX, [certificate('kiosk-a')]));
    await vi.waitFor(() => expect(useTrustStore.getState().trust.certificates.size).toBe(1), {
      timeout: 5000,
      interval: 25,
    });
    first.close?.();
    const second = trustFeature.open(settings);
    expect(useTrustStore.getState().trust.certificates.size).toBe(0);
    second.close?.();
    second.routes[0]?.take(readMessages(SAMPLE_PREFIX, [certificate('kiosk-a')]));
    await settle();
    expect(useTrustStore.getState().trust.certificates.size).toBe(0);
  });
});
