/**
 * Trust's part in each broker session: enrolment requests and certificates skip the
 * frame batcher (they are few and never dropped) and reach the trust store in order, each batch once the gate has checked its certificates
 * under the enrolment key pinned in this session's settings (certificate-gate.ts).
 */
import { route, type SessionFeature } from '../connection/message-routes';
import { pageSubtle } from '../lib/page-crypto';
import { TRUST_MESSAGE_KINDS } from '../protocol/read-message';
import { createCertificateGate } from './certificate-gate';
import { useTrustStore } from './trust-store';

export const trustFeature: SessionFeature = {
  open(settings) {
    useTrustStore.getState().reset();
    const gate = createCertificateGate(
      settings.topicPrefix,
      settings.enrolmentPublicKey.trim(),
      pageSubtle(),
    );
    /** Trust batches are folded in order, each once its certificates have been checked. */
    let folding: Promise<void> = Promise.resolve();
    let closed = false;
    return {
      routes: [
        route(TRUST_MESSAGE_KINDS, (trust) => {
          folding = folding
            .then(async () => {
              const checked = await gate(trust);
              if (!closed) useTrustStore.getState().fold(checked);
            })
            .catch(() => undefined);
        }),
      ],
      close() {
        closed = true;
      },
    };
  },
};
