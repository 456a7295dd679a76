/**
 * The kiosk's side of enrolment. Until the operator has enrolled it, the kiosk asks to be
 * (a retained request on `P/kiosks/ID/enrolment` naming its receipt public key), shows its
 * pairing code to staff (after the staff PIN) and in its log, and signs no receipts: the QR
 * keeps the plain receipt id. Once a certificate for its own key arrives on
 * `P/kiosks/ID/certificates/SERIAL` and verifies against `fleet.enrolmentPublicKey` (only the
 * files set it, never the broker), it signs receipts and withdraws its request. A
 * revocation list (verified the same way, versions only ever going up) that names the
 * certificate stops the signing again.
 *
 * The verified certificate and list are kept on disk (enrolment-store.ts) and checked
 * again at each start, so an enrolled kiosk signs receipts before the broker answers, and
 * a kiosk that never reaches the broker again still refuses a certificate revoked meanwhile
 * only when it hears of it: the counters, which read the list themselves, are the lock.
 *
 * The certificate in force decides the kiosk's store and region (kiosk-groups.ts), and so
 * which signed configs it takes. Only the operator's signature may change it: a newer
 * certificate for this key replaces it, and a signed revocation list ends it. Whoever may
 * write the certificate topic (the operator's broker login) can empty it, or put back an
 * older genuine certificate, perhaps one of another store: neither changes anything here.
 */
import { createHash, webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;
import {
  checkCertificate,
  isNewerCertificate,
  readCertificateMessage,
  type CertificateEnvelope,
  type EnrolmentRequest,
  type KioskCertificate,
} from '../../shared/fleet/trust/kiosk-certificate';
import { pairingCodeFromDigest, pairingCodeInput } from '../../shared/fleet/trust/pairing-code';
import type { Ed25519Verifier } from '../../shared/fleet/receipt-code';
import {
  checkRevocationList,
  readRevocationMessage,
  revocationOf,
  type RevocationEnvelope,
} from '../../shared/fleet/trust/revocation-list';
import {
  enrolmentRequestTopic,
  kioskCertificatesFilter,
  parseTrustTopic,
  revocationsTopic,
} from '../../shared/fleet/trust/trust-topics';
import type { FleetLog } from '../fleet-log';

/**
 * The most certificates an enrolment file may hold. Only the newest is kept now; files
 * written when every certificate for the key was kept still read.
 */
export const MAX_OWN_CERTIFICATES = 20;

export interface StoredEnrolment {
  certificates: CertificateEnvelope[];
  revocations: RevocationEnvelope | null;
}

export interface EnrolmentStore {
  load(): StoredEnrolment;
  save(stored: StoredEnrolment): void;
}

export type EnrolmentState =
  /** No receipt key, so nothing to enrol: receipts show the plain id. */
  | { kind: 'no-key' }
  | { kind: 'waiting'; pairingCode: string }
  | { kind: 'enrolled'; certificate: KioskCertificate }
  | {
      kind: 'revoked';
      pairingCode: string;
      certificate: KioskCertificate;
      revokedAt: number;
      listVersion: number;
    };

export interface KioskEnrolmentOptions {
  kioskId: string;
  prefix: string;
  /** The receipt key's public half (base64url raw), or null when there is none. */
  publicKey: string | null;
  /** fleet.enrolmentPublicKey; '' when not set (no certificate can be checked). */
  enrolmentKey: string;
  /** The app's version, for the request. */
  version: string;
  store: EnrolmentStore;
  log: FleetLog;
  now?: () => number;
  subtle?: Ed25519Verifier<CryptoKey>;
}

export interface KioskEnrolment {
  /** Resolves once the certificates kept on disk have been checked again. */
  readonly ready: Promise<void>;
  state(): EnrolmentState;
  /** Whether receipts may be signed: a valid, unrevoked certificate for this key. */
  enrolled(): boolean;
  /**
   * The operator's signed certificate in force, as it came: a kiosk carries it with its
   * requests to the shop service, which may not know it yet. Null unless enrolled.
   */
  certificateEnvelope(): CertificateEnvelope | null;
  /** The code staff read aloud, while the kiosk waits (or was revoked); else null. */
  pairingCode(): string | null;
  /** The topics to subscribe to: this kiosk's certificates and the revocation list. */
  readonly subscriptions: readonly string[];
  readonly requestTopic: string;
  /** The retained request to publish now: its JSON, or '' to withdraw it (enrolled). */
  request(): string;
  /** A message on one of `subscriptions`; never throws. */
  receive(topic: string, bytes: Uint8Array): Promise<void>;
  /** Called when the state changes. */
  onChange(listener: (state: EnrolmentState) => void): () => void;
}

/** The pairing code of a public key, with node:crypto's SHA-256. */
export function pairingCodeOf(publicKey: string): string | null {
  const input = pairingCodeInput(publicKey);
  return input === null ? null : pairingCodeFromDigest(createHash('sha256').update(input).digest());
}

/**
 * The state the certificate in force and the revocation list give this key. A revoked
 * certificate ends the enrolment: an older one never comes back in its place.
 */
function stateOf(
  code: string | null,
  kioskId: string,
  certificate: KioskCertificate | null,
  revocations: RevocationEnvelope | null,
): EnrolmentState {
  if (code === null) return { kind: 'no-key' };
  if (certificate === null) return { kind: 'waiting', pairingCode: code };
  const entry = revocationOf(revocations?.revocations ?? null, kioskId, certificate.serial);
  if (entry === null) return { kind: 'enrolled', certificate };
  return {
    kind: 'revoked',
    pairingCode: code,
    certificate,
    revokedAt: entry.revokedAt,
    listVersion: revocations?.revocations.version ?? 0,
  };
}

/** The log line of a state. */
function describeState(next: EnrolmentState, enrolmentKey: string): string {
  switch (next.kind) {
    case 'no-key':
      return 'Fleet: no receipt key, so nothing to enrol; receipts show the plain receipt id';
    case 'waiting':
      return enrolmentKey === ''
        ? `Fleet: fleet.enrolmentPublicKey is not set, so no certificate can be checked; receipts show the plain receipt id (pairing code ${next.pairingCode})`
        : `Fleet: this kiosk waits to be enrolled; pairing code ${next.pairingCode} (the operator compares it in the fleet console); receipts show the plain receipt id until then`;
    case 'enrolled':
      return `Fleet: enrolled (certificate ${next.certificate.serial}, store ${next.certificate.store}); receipts are signed`;
    case 'revoked':
      return `Fleet: this kiosk's certificate ${next.certificate.serial} was revoked at ${new Date(next.revokedAt).toISOString()} (revocation list version ${next.listVersion}); receipts show the plain receipt id. To enrol again, delete fleet-receipt-key.pem and restart: a new key gets a new pairing code`;
  }
}

/** The certificate in force for this key and the newest verified revocation list. */
interface TrustRecords {
  /** The newest certificate for this key that verified; null: none yet. */
  certificate(): CertificateEnvelope | null;
  revocations(): RevocationEnvelope | null;
  /**
   * Takes a certificate that verifies for this key and is newer than the one in force;
   * whether it was taken.
   */
  acceptCertificate(envelope: CertificateEnvelope, serial: string | undefined): Promise<boolean>;
  /** Keeps a list that verifies and is newer than the one kept; whether it was taken. */
  acceptRevocations(envelope: RevocationEnvelope): Promise<boolean>;
  /** A certificate's retained message was emptied: said once, and nothing changes. */
  noteEmptied(serial: string): void;
  /** Writes what is kept to the store (a failure is logged, never thrown). */
  persist(): void;
}

/** Serials already logged as set aside, so a retained one redelivered at each reconnect logs once. */
const MAX_NOTED_SERIALS = 100;

function createTrustRecords(
  options: KioskEnrolmentOptions,
  subtle: Ed25519Verifier<CryptoKey>,
): TrustRecords {
  const { kioskId, prefix, publicKey, enrolmentKey, store, log } = options;
  let current: CertificateEnvelope | null = null;
  let revocations: RevocationEnvelope | null = null;
  const noted = new Set<string>();
  const noteOnce = (serial: string, line: string): void => {
    if (noted.has(serial)) return;
    if (noted.size >= MAX_NOTED_SERIALS) noted.clear();
    noted.add(serial);
    log.info(line);
  };
  return {
    certificate: () => current,
    revocations: () => revocations,
    acceptCertificate: async (envelope, serial) => {
      if (enrolmentKey === '' || envelope.certificate.publicKey !== publicKey) return false;
      const check = await checkCertificate(
        envelope,
        { prefix, kioskId, ...(serial === undefined ? {} : { serial }) },
        enrolmentKey,
        subtle,
      );
      if (!check.ok) {
        log.warn(`Fleet: refused certificate ${envelope.certificate.serial} (${check.reason})`);
        return false;
      }
      const incoming = envelope.certificate;
      if (current !== null && !isNewerCertificate(incoming, current.certificate)) {
        if (incoming.serial !== current.certificate.serial) {
          noteOnce(
            incoming.serial,
            `Fleet: set aside certificate ${incoming.serial}: it is not newer than certificate ${current.certificate.serial}, which stays in force`,
          );
        }
        return false;
      }
      current = envelope;
      return true;
    },
    acceptRevocations: async (envelope) => {
      if (enrolmentKey === '') return false;
      if (!(await checkRevocationList(envelope, prefix, enrolmentKey, subtle))) {
        log.warn('Fleet: refused a revocation list (bad signature or another fleet)');
        return false;
      }
      // Only ever forward: an older list, even genuinely signed, revokes nothing back.
      if (revocations !== null && envelope.revocations.version <= revocations.revocations.version) {
        return false;
      }
      revocations = envelope;
      return true;
    },
    persist: () => {
      try {
        store.save({ certificates: current === null ? [] : [current], revocations });
      } catch (error) {
        log.warn(
          `Fleet: cannot keep the enrolment on disk (${error instanceof Error ? error.message : String(error)}); it is fetched again from the broker at the next start`,
        );
      }
    },
    noteEmptied: (serial) => {
      if (current?.certificate.serial !== serial) return;
      noteOnce(
        `emptied ${serial}`,
        `Fleet: the retained certificate ${serial} was emptied on the broker; it stays in force (only a newer certificate or a signed revocation list changes it)`,
      );
    },
  };
}

/** Reads a message on one of the enrolment's topics into the records; whether they changed. */
async function takeTrustMessage(
  records: TrustRecords,
  options: Pick<KioskEnrolmentOptions, 'prefix' | 'kioskId' | 'log'>,
  topic: string,
  bytes: Uint8Array,
): Promise<boolean> {
  const { log } = options;
  const parsed = parseTrustTopic(options.prefix, topic);
  if (parsed?.kind === 'certificate' && parsed.kioskId === options.kioskId) {
    // Emptied on the broker: not a signed word, so the certificate in force stays.
    if (bytes.byteLength === 0) {
      records.noteEmptied(parsed.serial);
      return false;
    }
    const envelope = readCertificateMessage(bytes);
    if (envelope !== null) return records.acceptCertificate(envelope, parsed.serial);
    log.warn(`Fleet: ignored a malformed certificate on ${topic}`);
  } else if (parsed?.kind === 'revocations' && bytes.byteLength > 0) {
    const envelope = readRevocationMessage(bytes);
    if (envelope !== null) return records.acceptRevocations(envelope);
    log.warn('Fleet: ignored a malformed revocation list');
  }
  return false;
}

export function createKioskEnrolment(options: KioskEnrolmentOptions): KioskEnrolment {
  const { kioskId, prefix, publicKey, enrolmentKey, store, log } = options;
  const now = options.now ?? Date.now;
  const code = publicKey === null ? null : pairingCodeOf(publicKey);
  const records = createTrustRecords(options, options.subtle ?? webcrypto.subtle);
  const listeners = new Set<(state: EnrolmentState) => void>();
  let state: EnrolmentState =
    code === null ? { kind: 'no-key' } : { kind: 'waiting', pairingCode: code };
  let loggedState = '';

  const update = (): void => {
    const next = stateOf(
      code,
      kioskId,
      records.certificate()?.certificate ?? null,
      records.revocations(),
    );
    const text = describeState(next, enrolmentKey);
    state = next;
    if (text === loggedState) return;
    loggedState = text;
    if (next.kind === 'enrolled') log.info(text);
    else log.warn(text);
    for (const listener of [...listeners]) listener(next);
  };

  const ready = (async () => {
    let stored: StoredEnrolment;
    try {
      stored = store.load();
    } catch {
      stored = { certificates: [], revocations: null };
    }
    for (const envelope of stored.certificates) {
      await records.acceptCertificate(envelope, undefined);
    }
    if (stored.revocations) await records.acceptRevocations(stored.revocations);
    update();
  })();

  const ownCertificates = kioskCertificatesFilter(prefix, kioskId);
  const revocationTopic = revocationsTopic(prefix);

  return {
    ready,
    state: () => state,
    enrolled: () => state.kind === 'enrolled',
    certificateEnvelope: () => {
      if (state.kind !== 'enrolled') return null;
      // The certificate in force is the one enrolled on: the only one kept.
      const current = records.certificate();
      return current?.certificate.serial === state.certificate.serial ? current : null;
    },
    pairingCode: () =>
      state.kind === 'waiting' || state.kind === 'revoked' ? state.pairingCode : null,
    subscriptions: [ownCertificates, revocationTopic],
    requestTopic: enrolmentRequestTopic(prefix, kioskId),
    request: () => {
      if (state.kind !== 'waiting' || publicKey === null) return '';
      const request: EnrolmentRequest = {
        kioskId,
        publicKey,
        requestedAt: now(),
        version: options.version,
      };
      return JSON.stringify(request);
    },
    async receive(topic, bytes) {
      try {
        await ready;
        const changed = await takeTrustMessage(records, options, topic, bytes);
        if (changed) {
          records.persist();
          update();
        }
      } catch (error) {
        log.warn(
          `Fleet: an enrolment message could not be handled (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
