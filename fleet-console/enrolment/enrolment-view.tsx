import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { announce } from '@web-shared/ui/announcer';
import type { EnrolmentRequest, KioskCertificate } from '@shared/fleet/kiosk-certificate';
import type { ConsoleSettings } from '../connection/console-settings';
import { useBrokerSession } from '../connection/use-broker-session';
import { HandoverConflicts } from '../counter/handover-conflicts';
import { useFleetStore } from '../fleet/fleet-store';
import { formatClock } from '../lib/format';
import { pageSubtle } from '../lib/page-crypto';
import { useTrustStore } from '../trust/trust-store';
import { isValidGroupId } from '@shared/fleet/groups';
import { approve, revoke } from './enrolment-actions';
import { enrolmentRows } from './enrolment-rows';
import { RecentHandovers } from './recent-handovers';
import { loadSigningKey, type WebCryptoKeys } from './signing-key';
import { usePairingCodes, useVerifiedCertificates } from './use-verified-certificates';

type KeyState =
  | { kind: 'none' }
  | { kind: 'loaded'; key: CryptoKey; file: string }
  | { kind: 'refused'; file: string; reason: string };

/** The page's WebCrypto with what signing needs (the browser's own SubtleCrypto). */
const webCrypto = (): WebCryptoKeys | null => (pageSubtle() ? crypto.subtle : null);

function SigningKey({
  pinned,
  state,
  onChange,
}: {
  pinned: string;
  state: KeyState;
  onChange: (state: KeyState) => void;
}) {
  const id = useId();
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    const subtle = webCrypto();
    if (!file || !subtle) return;
    const loaded = await loadSigningKey(await file.text(), pinned, subtle);
    onChange(
      loaded.ok
        ? { kind: 'loaded', key: loaded.key, file: file.name }
        : { kind: 'refused', file: file.name, reason: loaded.reason },
    );
    if (loaded.ok) announce('Enrolment key loaded for this session');
  };
  return (
    <section aria-labelledby={`${id}-title`} className="card flex flex-col gap-3 p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Enrolment key
      </h2>
      <p className="text-sm text-muted">
        Counters trust receipts only from kiosks whose key the operator’s enrolment key has signed.
        The public key pinned in this console is{' '}
        {pinned === '' ? (
          <strong className="text-sale-700">not set (Connection)</strong>
        ) : (
          <code className="break-all text-ink">{pinned}</code>
        )}
        . To approve or revoke, load its private key (<code>fleet-enrolment.key</code>, from{' '}
        <code>npm run -s fleet:keygen -- --enrolment</code>) for this session: it stays in this
        page’s memory, is never stored and never leaves it.
      </p>
      {state.kind === 'loaded' ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="font-semibold text-emerald-800">
            {state.file} is loaded and matches the pinned key.
          </p>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => onChange({ kind: 'none' })}
          >
            Forget the key
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-semibold">
            Enrolment private key (PEM)
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".key,.pem,text/plain"
            disabled={pinned === ''}
            className="field py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
            onChange={(event) => void onFile(event)}
          />
          {state.kind === 'refused' && (
            <p role="alert" className="text-sm font-semibold text-sale-700">
              {state.file} was not loaded: {state.reason}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function WaitingKiosk({
  request,
  code,
  revokedKey,
  canSign,
  onApprove,
}: {
  request: EnrolmentRequest;
  code: string | undefined;
  revokedKey: boolean;
  canSign: boolean;
  onApprove: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <li className="flex flex-col gap-3 py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
        <p className="font-semibold">
          <span className="font-mono">{request.kioskId}</span>{' '}
          <span className="text-sm font-normal text-muted">
            asked {formatClock(request.requestedAt)} · version {request.version}
          </span>
        </p>
        <p className="font-mono text-2xl font-bold tracking-wider">
          <span className="sr-only">Pairing code </span>
          {code ?? '…'}
        </p>
      </div>
      {revokedKey ? (
        <p className="rounded-lg bg-sale-50 p-3 text-sm font-semibold text-sale-700">
          This key’s certificate was revoked: the kiosk needs a new key (delete its
          fleet-receipt-key.pem and restart it) before it can be enrolled again.
        </p>
      ) : confirming ? (
        <div className="flex flex-col gap-3 rounded-xl bg-brand-50 p-4">
          <p className="font-semibold">
            Does the screen of kiosk <span className="font-mono">{request.kioskId}</span> show{' '}
            <span className="font-mono">{code}</span>? Staff see it after the staff PIN.
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void onApprove().finally(() => {
                  setBusy(false);
                  setConfirming(false);
                });
              }}
            >
              Yes, enrol {request.kioskId}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
              No, do not enrol it
            </button>
          </div>
        </div>
      ) : (
        <div>
          <button
            type="button"
            className="btn-primary"
            disabled={!canSign || code === undefined}
            onClick={() => setConfirming(true)}
          >
            Approve {request.kioskId}
          </button>
        </div>
      )}
    </li>
  );
}

function EnrolledKiosk({
  certificate,
  revokedAt,
  listVersion,
  canSign,
  onRevoke,
}: {
  certificate: KioskCertificate;
  revokedAt: number | null;
  listVersion: number;
  canSign: boolean;
  onRevoke: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <tr className="border-t border-slate-100 align-top">
      <th scope="row" className="py-3 pr-4 text-left font-mono font-semibold">
        {certificate.kioskId}
      </th>
      <td className="hidden py-3 pr-4 sm:table-cell">{certificate.store}</td>
      <td className="hidden py-3 pr-4 whitespace-nowrap sm:table-cell">
        {formatClock(certificate.issuedAt)}
      </td>
      <td className="hidden py-3 pr-4 font-mono text-sm break-all md:table-cell">
        {certificate.serial}
      </td>
      <td className="py-3">
        {revokedAt !== null ? (
          <span className="font-semibold text-sale-700">
            Revoked {formatClock(revokedAt)} (list v{listVersion})
          </span>
        ) : confirming ? (
          <span className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary bg-sale-700 hover:bg-sale-700"
              onClick={() => void onRevoke().finally(() => setConfirming(false))}
            >
              Revoke now
            </button>
            <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="btn-secondary"
            disabled={!canSign}
            onClick={() => setConfirming(true)}
            aria-label={`Revoke certificate ${certificate.serial} of ${certificate.kioskId}`}
          >
            Revoke
          </button>
        )}
      </td>
    </tr>
  );
}

/**
 * The operator's enrolment: kiosks that wait with their pairing codes, approved with the
 * enrolment key loaded for the session (a certificate signed here and retained for the
 * kiosk); the enrolled kiosks' certificates, each revocable (a new signed revocation list);
 * and the shop's handovers.
 */
export function EnrolmentView({
  settings,
  onOpenConnection,
}: {
  settings: ConsoleSettings;
  onOpenConnection: () => void;
}) {
  const id = useId();
  const session = useBrokerSession();
  const connected = useFleetStore((state) => state.connection.phase === 'connected');
  const trust = useTrustStore((state) => state.trust);
  const revocations = useTrustStore((state) => state.revocations);
  const [key, setKey] = useState<KeyState>({ kind: 'none' });
  const [store, setStore] = useState('Main store');
  const [region, setRegion] = useState('');
  const regionOk = region.trim() === '' || isValidGroupId(region.trim());
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const pinned = settings.enrolmentPublicKey.trim();
  const [subtle] = useState(pageSubtle);
  const verified = useVerifiedCertificates(
    trust.certificates,
    settings.topicPrefix,
    pinned,
    subtle,
  );
  const rows = useMemo(
    () => enrolmentRows(trust.requests, trust.certificates, verified, revocations.list),
    [trust.requests, trust.certificates, verified, revocations.list],
  );
  // Those the session's gate refused are never kept; those kept are checked again here.
  const unverified = rows.unverified + trust.unverified.size;
  const codes = usePairingCodes(rows.waiting.map((row) => row.request.publicKey));
  const signing = key.kind === 'loaded' && session && webCrypto();
  const canSign = Boolean(signing) && connected && store.trim() !== '' && regionOk;

  const act = async (what: () => Promise<string>) => {
    setOutcome(null);
    try {
      const text = await what();
      setOutcome({ ok: true, text });
      announce(text);
    } catch (error) {
      const why = error instanceof Error ? error.message : 'it could not be signed or sent';
      setOutcome({ ok: false, text: `Not done: ${why}` });
    }
  };

  const signer = () => {
    const subtleKeys = webCrypto();
    if (key.kind !== 'loaded' || !session || !subtleKeys)
      throw new Error('Load the enrolment key first.');
    return { session, key: key.key, subtle: subtleKeys };
  };

  return (
    <div className="mx-auto flex max-w-[1200px] flex-col gap-6 px-4 py-6 lg:px-8">
      <h1 className="text-[1.75rem] font-bold">Enrolment</h1>
      {pinned === '' && (
        <div className="card flex flex-wrap items-center justify-between gap-3 p-5">
          <p>No enrolment public key is pinned in this console yet.</p>
          <button type="button" className="btn-primary" onClick={onOpenConnection}>
            Set it in Connection
          </button>
        </div>
      )}
      <SigningKey pinned={pinned} state={key} onChange={setKey} />

      <section aria-labelledby={`${id}-waiting`} className="card p-5">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id={`${id}-waiting`} className="text-lg font-bold">
              Waiting kiosks ({rows.waiting.length})
            </h2>
            <p className="text-sm text-muted">
              Compare each code with the one on the kiosk’s screen before you approve it.
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-store`} className="text-sm font-semibold">
              Store on new certificates
            </label>
            <input
              id={`${id}-store`}
              className="field"
              value={store}
              maxLength={64}
              aria-describedby={`${id}-groups-hint`}
              onChange={(event) => setStore(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-region`} className="text-sm font-semibold">
              Region (optional)
            </label>
            <input
              id={`${id}-region`}
              className="field"
              value={region}
              maxLength={64}
              aria-invalid={!regionOk}
              aria-describedby={`${id}-groups-hint`}
              onChange={(event) => setRegion(event.target.value)}
            />
          </div>
          <p id={`${id}-groups-hint`} className="basis-full text-sm text-muted">
            To target a store or region with signed config, name it with letters, digits, - or _
            only (lyon-1, eu-west).{regionOk ? '' : ' The region is not such a name yet.'}
          </p>
        </div>
        {rows.waiting.length === 0 ? (
          <p className="mt-3 text-muted">No kiosk is waiting to be enrolled.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {rows.waiting.map(({ request, revokedKey }) => (
              <WaitingKiosk
                key={request.kioskId}
                request={request}
                code={codes.get(request.publicKey)}
                revokedKey={revokedKey}
                canSign={canSign}
                onApprove={() =>
                  act(async () => {
                    const serial = await approve(signer(), request, store.trim(), region.trim());
                    return `Enrolled ${request.kioskId} (certificate ${serial}).`;
                  })
                }
              />
            ))}
          </ul>
        )}
        {!canSign && rows.waiting.length > 0 && (
          <p className="mt-2 text-sm text-muted">
            {connected ? 'Load the enrolment key to approve.' : 'Connect to the broker to approve.'}
          </p>
        )}
      </section>

      <div role="status" className="empty:hidden">
        {outcome && (
          <p
            className={`rounded-lg p-3 font-semibold ${outcome.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-sale-50 text-sale-700'}`}
          >
            {outcome.text}
          </p>
        )}
      </div>

      <section aria-labelledby={`${id}-enrolled`} className="card p-5">
        <h2 id={`${id}-enrolled`} className="text-lg font-bold">
          Certificates ({rows.enrolled.length})
        </h2>
        <p className="text-sm text-muted">
          {revocations.list
            ? `Revocation list version ${revocations.list.version}, verified.`
            : 'No revocation list yet.'}
          {revocations.olderOnBroker !== null &&
            ` The broker now offers version ${revocations.olderOnBroker}, older than the one kept here: someone replaced it. Counters keep the newer one.`}
          {revocations.refused &&
            ' The revocation list on the broker does not verify under the pinned key.'}
          {unverified > 0 &&
            ` ${unverified} certificate${unverified === 1 ? '' : 's'} on the broker do not verify under the pinned key and are ignored.`}
        </p>
        {rows.enrolled.length > 0 && (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left">
              <caption className="sr-only">Kiosk certificates</caption>
              <thead className="text-sm text-muted">
                <tr>
                  <th scope="col" className="pb-2 pr-4 font-semibold">
                    Kiosk
                  </th>
                  <th scope="col" className="hidden pb-2 pr-4 font-semibold sm:table-cell">
                    Store
                  </th>
                  <th scope="col" className="hidden pb-2 pr-4 font-semibold sm:table-cell">
                    Issued
                  </th>
                  <th scope="col" className="hidden pb-2 pr-4 font-semibold md:table-cell">
                    Serial
                  </th>
                  <th scope="col" className="pb-2 font-semibold">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.enrolled.map(({ certificate, revoked }) => (
                  <EnrolledKiosk
                    key={`${certificate.kioskId}/${certificate.serial}`}
                    certificate={certificate}
                    revokedAt={revoked?.revokedAt ?? null}
                    listVersion={revocations.list?.version ?? 0}
                    canSign={Boolean(signing) && connected}
                    onRevoke={() =>
                      act(async () => {
                        const list = await revoke(signer(), revocations.list, certificate);
                        return `Revoked certificate ${certificate.serial} of ${certificate.kioskId} (revocation list version ${list.version}).`;
                      })
                    }
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <HandoverConflicts />
      <RecentHandovers />
    </div>
  );
}
