/**
 * Kiosks waiting to be enrolled, each with its pairing code to compare with the kiosk's
 * screen, and the store and region the certificates approved here will name.
 *
 * What is signed is what the operator confirmed: **Approve** takes the request's key, its
 * pairing code and the store and region as they are on screen, the confirmation asks about
 * exactly those, and **Yes, enrol** signs them. A request is keyed by its kiosk id, so the
 * kiosk's login can replace it while the question is open: a new key (another pairing
 * code), or new groups in the fields, closes the question and says why, and nothing is
 * signed until the operator compares again.
 */
import { useId, useState } from 'react';
import type { EnrolmentRequest } from '@shared/fleet/trust/kiosk-certificate';
import { isValidGroupId } from '@shared/fleet/groups';
import { formatClock } from '../lib/format';
import type { WaitingRow } from './enrolment-rows';

interface Groups {
  store: string;
  region: string;
}

/** The store a new certificate names by default: a group id, as the form's rule asks. */
export const DEFAULT_STORE = 'main-store';

/** What the operator is asked to confirm: the request, its code and groups as shown then. */
interface Confirming {
  request: EnrolmentRequest;
  code: string;
  groups: Groups;
}

/** Why a question that was open is closed, or null. */
function whyCancelled(confirming: Confirming, request: EnrolmentRequest, groups: Groups) {
  if (request.publicKey !== confirming.request.publicKey) {
    return `The request of ${request.kioskId} changed while you were confirming: it now names another key, so another pairing code. Nothing was signed: compare the new code before you approve.`;
  }
  if (groups.store !== confirming.groups.store || groups.region !== confirming.groups.region) {
    return `The store or region changed while you were confirming ${request.kioskId}. Nothing was signed: approve again to confirm the new ones.`;
  }
  return null;
}

const describeGroups = ({ store, region }: Groups): string =>
  region === '' ? `store ${store}` : `store ${store}, region ${region}`;

const regionOk = ({ region }: Groups): boolean =>
  region.trim() === '' || isValidGroupId(region.trim());
/** A store that is not a group id does not count as the kiosk's group: not signed. */
const storeOk = ({ store }: Groups): boolean => isValidGroupId(store.trim());

function groupsProblem(groups: Groups): string {
  if (!storeOk(groups)) return ' The store is not such a name yet.';
  return regionOk(groups) ? '' : ' The region is not such a name yet.';
}

/** The store and region new certificates name, so signed config can target them. */
function GroupFields({ groups, onChange }: { groups: Groups; onChange: (groups: Groups) => void }) {
  const id = useId();
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-store`} className="text-sm font-semibold">
          Store on new certificates
        </label>
        <input
          id={`${id}-store`}
          className="field"
          value={groups.store}
          maxLength={64}
          aria-invalid={!storeOk(groups)}
          aria-describedby={`${id}-groups-hint`}
          onChange={(event) => onChange({ ...groups, store: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-region`} className="text-sm font-semibold">
          Region (optional)
        </label>
        <input
          id={`${id}-region`}
          className="field"
          value={groups.region}
          maxLength={64}
          aria-invalid={!regionOk(groups)}
          aria-describedby={`${id}-groups-hint`}
          onChange={(event) => onChange({ ...groups, region: event.target.value })}
        />
      </div>
      <p id={`${id}-groups-hint`} className="basis-full text-sm text-muted">
        Name them with letters, digits, - or _ only (lyon-1, eu-west): signed config targets a store
        or region by that name.{groupsProblem(groups)}
      </p>
    </>
  );
}

function WaitingKiosk({
  request,
  code,
  groups,
  revokedKey,
  canSign,
  onApprove,
}: {
  request: EnrolmentRequest;
  code: string | undefined;
  /** The store and region in the fields now, trimmed. */
  groups: Groups;
  revokedKey: boolean;
  canSign: boolean;
  /** Signs a certificate for exactly this request (its key) and these groups. */
  onApprove: (request: EnrolmentRequest, groups: Groups) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The request or the groups changed under an open question: it closes, and says why.
  const cancelled = confirming && !busy ? whyCancelled(confirming, request, groups) : null;
  if (cancelled !== null) {
    setConfirming(null);
    setNotice(cancelled);
  }
  const shown = cancelled === null ? confirming : null;
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
      <div role="status" className="empty:hidden">
        {notice && !shown && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900">
            {notice}
          </p>
        )}
      </div>
      {revokedKey ? (
        <p className="rounded-lg bg-sale-50 p-3 text-sm font-semibold text-sale-700">
          This key’s certificate was revoked: the kiosk needs a new key (delete its
          fleet-receipt-key.pem and restart it) before it can be enrolled again.
        </p>
      ) : shown ? (
        <div className="flex flex-col gap-3 rounded-xl bg-brand-50 p-4">
          <p className="font-semibold">
            Does the screen of kiosk <span className="font-mono">{request.kioskId}</span> show{' '}
            <span className="font-mono">{shown.code}</span>? Staff see it after the staff PIN. It is
            enrolled into {describeGroups(shown.groups)}.
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void onApprove(shown.request, shown.groups).finally(() => {
                  setBusy(false);
                  setConfirming(null);
                });
              }}
            >
              Yes, enrol {request.kioskId}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setConfirming(null)}>
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
            onClick={() => {
              if (code === undefined) return;
              setNotice(null);
              setConfirming({ request, code, groups });
            }}
          >
            Approve {request.kioskId}
          </button>
        </div>
      )}
    </li>
  );
}

export function WaitingKiosks({
  waiting,
  codes,
  keyReady,
  connected,
  onApprove,
}: {
  waiting: readonly WaitingRow[];
  codes: ReadonlyMap<string, string>;
  /** The enrolment key is loaded and the broker connected. */
  keyReady: boolean;
  connected: boolean;
  onApprove: (request: EnrolmentRequest, groups: Groups) => Promise<void>;
}) {
  const id = useId();
  const [groups, setGroups] = useState<Groups>({ store: DEFAULT_STORE, region: '' });
  const canSign = keyReady && storeOk(groups) && regionOk(groups);
  const trimmed = { store: groups.store.trim(), region: groups.region.trim() };
  return (
    <section aria-labelledby={`${id}-waiting`} className="card p-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={`${id}-waiting`} className="text-lg font-bold">
            Waiting kiosks ({waiting.length})
          </h2>
          <p className="text-sm text-muted">
            Compare each code with the one on the kiosk’s screen before you approve it.
          </p>
        </div>
        <GroupFields groups={groups} onChange={setGroups} />
      </div>
      {waiting.length === 0 ? (
        <p className="mt-3 text-muted">No kiosk is waiting to be enrolled.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {waiting.map(({ request, revokedKey }) => (
            <WaitingKiosk
              key={request.kioskId}
              request={request}
              code={codes.get(request.publicKey)}
              groups={trimmed}
              revokedKey={revokedKey}
              canSign={canSign}
              onApprove={onApprove}
            />
          ))}
        </ul>
      )}
      {!canSign && waiting.length > 0 && (
        <p className="mt-2 text-sm text-muted">
          {!connected
            ? 'Connect to the broker to approve.'
            : keyReady
              ? 'Name the store (and region) as above to approve.'
              : 'Load the enrolment key to approve.'}
        </p>
      )}
    </section>
  );
}
