import { useState } from 'react';
import { announce } from '@web-shared/ui/announcer';
import type { ConsoleSettings } from '../connection/console-settings';
import { useBrokerSession, useConnected } from '../connection/connection-store';
import { HandoverConflicts } from '../counter/handover-conflicts';
import { useServiceSession } from '../service/service-session';
import { ServiceSignIn } from '../service/sign-in';
import { ServiceStatus } from '../service/service-status';
import { CertificateList } from './certificate-list';
import { approve, revoke, sendCertificates } from './enrolment-actions';
import { approvedNote, revokedNote } from './enrolment-notes';
import { RecentHandovers } from './recent-handovers';
import { SigningKey, webCrypto, type KeyState } from './signing-key-panel';
import { useEnrolmentRecords } from './use-enrolment-records';
import { usePairingCodes } from './use-verified-certificates';
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

/** What the last approval or revocation did, and the way to run the next one. */
function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const act = async (what: () => Promise<string>): Promise<void> => {
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
  return [outcome, act] as const;
}

/**
 * The operator's enrolment: kiosks that wait with their pairing codes, approved with the
 * enrolment key loaded for the session (a certificate signed here, retained for the kiosk
 * and posted to the shop service); the enrolled kiosks' certificates, each revocable (a
 * signed revocation record posted to the shop service, whose set only grows); and the
 * shop's handovers and conflicts, from the shop service.
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
  const client = useServiceSession((state) => state.client);
  const servicePhase = useServiceSession((state) => state.phase);
  const [key, setKey] = useState<KeyState>({ kind: 'none' });
  const [outcome, act] = useOutcome();
  const pinned = settings.enrolmentPublicKey.trim();
  const { rows, unverified, revocations, atService, missing } = useEnrolmentRecords(settings);
  const codes = usePairingCodes(rows.waiting.map((row) => row.request.publicKey));
  const signing = key.kind === 'loaded' && session && webCrypto();

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
      <ServiceStatus />
      {servicePhase === 'signed-out' && (
        <ServiceSignIn purpose="Enrolment and revocations are kept at the shop service: sign in with an operator login." />
      )}
      <SigningKey pinned={pinned} state={key} onChange={setKey} />

      <WaitingKiosks
        waiting={rows.waiting}
        codes={codes}
        keyReady={Boolean(signing) && connected}
        connected={connected}
        onApprove={(request, { store, region }) =>
          act(async () => {
            const approved = await approve(signer(), client, request, store, region);
            atService.refresh();
            return approvedNote(request.kioskId, approved);
          })
        }
      />

      <OutcomeNote outcome={outcome} />

      <CertificateList
        enrolled={rows.enrolled}
        service={{
          revocations: revocations.items.length,
          fetchedAt: revocations.fetchedAt,
          problem: revocations.problem,
          notAtService: missing.length,
        }}
        unverified={unverified}
        canSign={Boolean(signing) && connected && servicePhase === 'signed-in'}
        onRevoke={(certificate, reason) =>
          act(async () => {
            const revoked = await revoke(signer(), client, certificate, reason, pinned);
            revocations.refresh();
            return revokedNote(certificate, revoked);
          })
        }
        onSendMissing={() =>
          void act(async () => {
            const sent = await sendCertificates(client, missing);
            atService.refresh();
            return sent;
          })
        }
      />

      <HandoverConflicts />
      <RecentHandovers />
    </div>
  );
}
