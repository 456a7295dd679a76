import { useMemo, useState } from 'react';
import { announce } from '@web-shared/ui/announcer';
import type { ConsoleSettings } from '../connection/console-settings';
import { useBrokerSession, useConnected } from '../connection/connection-store';
import { HandoverConflicts } from '../counter/handover-conflicts';
import { pageSubtle } from '../lib/page-crypto';
import { useTrustStore } from '../trust/trust-store';
import { CertificateList } from './certificate-list';
import { approve, revoke } from './enrolment-actions';
import { enrolmentRows } from './enrolment-rows';
import { RecentHandovers } from './recent-handovers';
import { SigningKey, webCrypto, type KeyState } from './signing-key-panel';
import { usePairingCodes, useVerifiedCertificates } from './use-verified-certificates';
import { WaitingKiosks } from './waiting-kiosks';

type Outcome = { ok: boolean; text: string } | null;

/** What the last approval or revocation did, announced politely. */
function OutcomeNote({ outcome }: { outcome: Outcome }) {
  return (
    <div role="status" className="empty:hidden">
      {outcome && (
        <p
          className={`rounded-lg p-3 font-semibold ${outcome.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-sale-50 text-sale-700'}`}
        >
          {outcome.text}
        </p>
      )}
    </div>
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
  const session = useBrokerSession();
  const connected = useConnected();
  const trust = useTrustStore((state) => state.trust);
  const revocations = useTrustStore((state) => state.revocations);
  const [key, setKey] = useState<KeyState>({ kind: 'none' });
  const [outcome, setOutcome] = useState<Outcome>(null);
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

      <WaitingKiosks
        waiting={rows.waiting}
        codes={codes}
        keyReady={Boolean(signing) && connected}
        connected={connected}
        onApprove={(request, { store, region }) =>
          act(async () => {
            const serial = await approve(signer(), request, store, region);
            return `Enrolled ${request.kioskId} (certificate ${serial}).`;
          })
        }
      />

      <OutcomeNote outcome={outcome} />

      <CertificateList
        enrolled={rows.enrolled}
        revocations={revocations}
        unverified={unverified}
        canSign={Boolean(signing) && connected}
        onRevoke={(certificate) =>
          act(async () => {
            const list = await revoke(signer(), revocations.list, certificate);
            return `Revoked certificate ${certificate.serial} of ${certificate.kioskId} (revocation list version ${list.version}).`;
          })
        }
      />

      <HandoverConflicts />
      <RecentHandovers />
    </div>
  );
}
