/**
 * What the operator's approval and revocation do, each signed in this page with the
 * session's enrolment key over canonical JSON that names the fleet:
 *
 * - **Approve:** a certificate for the kiosk's key, retained at
 *   `P/kiosks/ID/certificates/SERIAL` (the kiosk learns it is enrolled there) and posted to
 *   the shop service (`POST /certificates`), which checks receipts under it.
 * - **Revoke:** a revocation record of its own, posted to the shop service
 *   (`POST /revocations`), whose set only grows: that is what counters go by, so two
 *   consoles revoking two kiosks at once both take effect, and no broker login or lost
 *   message brings a revoked key back. The kiosks still learn of revocations over the broker
 *   (a revoked kiosk stops signing receipts): the console then publishes, retained at
 *   `P/fleet/revocations`, a list of every record in the service's set that verifies here,
 *   its version the number of records. Since the set only grows, a later list is never
 *   smaller, and a kiosk (which keeps the highest version it verified) never goes back.
 */
import { toBase64Url } from '@shared/fleet/base64url';
import {
  signCertificate,
  type CertificateEnvelope,
  type EnrolmentRequest,
} from '@shared/fleet/trust/kiosk-certificate';
import {
  revocationListOf,
  signRevocationList,
  type RevocationList,
} from '@shared/fleet/trust/revocation-list';
import {
  checkRevocationRecord,
  signRevocation,
  type RevocationRecord,
} from '@shared/fleet/trust/revocation-record';
import { certificateTopic, revocationsTopic } from '@shared/fleet/trust/trust-topics';
import type { BrokerSession } from '../connection/broker-session-handle';
import { errorAnswerSchema, readAnswer } from '../service/service-answers';
import type { ServiceClient, ServiceReply } from '../service/service-client';
import { REVOCATION_RECORDS } from '../service/record-kinds';
import type { WebCryptoKeys } from './signing-key';

export interface Signing {
  session: Pick<BrokerSession, 'prefix' | 'publish'>;
  key: CryptoKey;
  subtle: WebCryptoKeys;
  now?: () => number;
}

/** 16 random bytes, base64url: two consoles never pick the same serial. */
export function newSerial(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
}

/** null when the service took it; else why not, in the operator's words. */
function refusalOf(reply: ServiceReply, ok: readonly number[]): string | null {
  if (reply.kind === 'unreachable') return reply.why;
  if (ok.includes(reply.status)) return null;
  if (reply.status === 401) return 'this page is not signed in to the shop service';
  if (reply.status === 403) return 'only an operator login may do this';
  return (
    readAnswer(errorAnswerSchema, reply.body)?.message ??
    `the shop service answered HTTP ${reply.status}`
  );
}

/** Posts a signed certificate to the shop service: null once it keeps it, else why not. */
export async function postCertificate(
  client: ServiceClient | null,
  envelope: CertificateEnvelope,
): Promise<string | null> {
  if (!client) return 'no shop service is set';
  return refusalOf(await client.request('POST', '/certificates', envelope), [200, 201]);
}

/** Posts every certificate; what was done, or throws with the first reason one was not taken. */
export async function sendCertificates(
  client: ServiceClient | null,
  envelopes: readonly CertificateEnvelope[],
): Promise<string> {
  const problems = await Promise.all(
    envelopes.map((envelope) => postCertificate(client, envelope)),
  );
  const [problem] = problems.filter((one) => one !== null);
  if (problem !== undefined) throw new Error(`the shop service did not take them: ${problem}`);
  return `Sent ${envelopes.length} certificate${envelopes.length === 1 ? '' : 's'} to the shop service.`;
}

export interface Approved {
  serial: string;
  envelope: CertificateEnvelope;
  /** null: the shop service keeps it; else why it does not (counters refuse its receipts). */
  atService: string | null;
}

export async function approve(
  { session, key, subtle, now = Date.now }: Signing,
  client: ServiceClient | null,
  request: EnrolmentRequest,
  store: string,
  /** The store's region, a group id; '' names none. */
  region = '',
): Promise<Approved> {
  const serial = newSerial();
  const envelope = await signCertificate(
    {
      fleet: session.prefix,
      kioskId: request.kioskId,
      publicKey: request.publicKey,
      store,
      ...(region === '' ? {} : { region }),
      issuedAt: now(),
      serial,
    },
    key,
    subtle,
  );
  await session.publish(
    certificateTopic(session.prefix, request.kioskId, serial),
    JSON.stringify(envelope),
    { retain: true },
  );
  return { serial, envelope, atService: await postCertificate(client, envelope) };
}

/** The kiosks' list for the service's set: every record that verifies here, one version each. */
export async function kioskRevocationList(
  records: readonly RevocationRecord[],
  prefix: string,
  enrolmentKey: string,
  subtle: WebCryptoKeys,
  now: number,
): Promise<RevocationList | null> {
  const checks = await Promise.all(
    records.map((record) => checkRevocationRecord(record, prefix, enrolmentKey, subtle)),
  );
  const revoked = records
    .filter((_record, index) => checks[index])
    .map(({ revocation }) => ({
      kioskId: revocation.kioskId,
      serial: revocation.serial,
      revokedAt: revocation.revokedAt,
    }));
  if (revoked.length === 0) return null;
  try {
    return revocationListOf(revoked, prefix, now);
  } catch {
    // More revocations than one list holds: the kiosks keep the last list they had.
    return null;
  }
}

export interface Revoked {
  record: RevocationRecord;
  /** The list the kiosks were sent, or why they were not told (the revocation holds anyway). */
  kiosks: { told: true; version: number } | { told: false; why: string };
}

export async function revoke(
  { session, key, subtle, now = Date.now }: Signing,
  client: ServiceClient | null,
  certificate: { kioskId: string; serial: string },
  /** Why, in the operator's words: shown to staff with a refused receipt. */
  reason: string,
  /** The pinned enrolment public key, which every record in the kiosks' list must verify under. */
  enrolmentKey: string,
): Promise<Revoked> {
  if (!client) throw new Error('no shop service is set, so nothing was revoked');
  const record = await signRevocation(
    {
      fleet: session.prefix,
      kioskId: certificate.kioskId,
      serial: certificate.serial,
      revokedAt: now(),
      reason,
    },
    key,
    subtle,
  );
  const refused = refusalOf(await client.request('POST', '/revocations', record), [200, 201]);
  if (refused !== null) throw new Error(`the shop service did not take it: ${refused}`);
  const reply = await client.request('GET', REVOCATION_RECORDS.path);
  const records = reply.kind === 'answer' ? REVOCATION_RECORDS.itemsOf(reply.body) : null;
  if (records === null) {
    return { record, kiosks: { told: false, why: 'the revocations could not be read back' } };
  }
  const list = await kioskRevocationList(records, session.prefix, enrolmentKey, subtle, now());
  if (list === null) return { record, kiosks: { told: false, why: 'no list could be made' } };
  try {
    const envelope = await signRevocationList(list, key, subtle);
    await session.publish(revocationsTopic(session.prefix), JSON.stringify(envelope), {
      retain: true,
    });
    return { record, kiosks: { told: true, version: list.version } };
  } catch (error) {
    const why = error instanceof Error ? error.message : 'the broker did not take it';
    return { record, kiosks: { told: false, why } };
  }
}
