import { useEffect, useId, useState, type RefObject, type SubmitEvent } from 'react';
import { catalogueBase, holdDaysOf, type ConsoleSettings } from '../connection/console-settings';
import { formatSameDayClock } from '../lib/format';
import { pageSubtle } from '../lib/page-crypto';
import { ageText } from '../service/kept-records';
import { CERTIFICATE_RECORDS, REVOCATION_RECORDS } from '../service/record-kinds';
import { useServiceSession } from '../service/service-session';
import { ServiceSignIn } from '../service/sign-in';
import { ServiceStatus } from '../service/service-status';
import { useKeptRecords, type KeptRecordsView } from '../service/use-kept-records';
import { useCatalogueTitles } from './catalogue-titles';
import { HandoverConflicts } from './handover-conflicts';
import { HandoverPanel } from './handover-panel';
import { useOutbox } from './handover-outbox';
import { OrderFlowPanel } from '../flow/order-flow-panel';
import { OutboxNotice } from './outbox-notice';
import { ReceiptOrderPanel } from './receipt-order-panel';
import { ReceiptResult } from './receipt-result';
import { useCounterScan, type Shown } from './use-counter-scan';
import { useHandover, type HandoverView } from './use-handover';
import { useOutboxSender } from './use-outbox-sender';

function VerifiedHandover({
  shown,
  handover: initial,
  onCheckAgain,
}: {
  shown: Shown;
  handover: HandoverView;
  onCheckAgain: () => void;
}) {
  const client = useServiceSession((state) => state.client);
  const counter = useServiceSession((state) => state.staff?.name ?? 'This counter');
  const receipt = shown.verdict.kind === 'verified' ? shown.verdict.receipt : null;
  const handover = useHandover(
    client,
    { code: shown.code, kioskId: receipt?.k ?? '', receiptId: receipt?.r ?? '' },
    counter,
    initial,
  );
  return <HandoverPanel handover={handover} onCheckAgain={onCheckAgain} now={Date.now} />;
}

/** This page's clock, read again every minute (for ages shown in minutes). */
function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** How old this counter's copy of the revocations is: what an offline check relies on. */
function CopyAge({ revocations }: { revocations: KeptRecordsView<unknown> }) {
  const { fetchedAt, problem, refused } = revocations;
  const now = Math.max(useMinuteClock(), fetchedAt ?? 0);
  if (fetchedAt === null) {
    return (
      <p className="text-sm text-amber-900">
        No revocation list on this counter yet{problem ? ` (${problem})` : ''}: while the shop
        service cannot be reached, receipts cannot be checked here.
      </p>
    );
  }
  return (
    <p className="text-sm text-muted">
      Revocation list from {formatSameDayClock(fetchedAt, now)}, {ageText(fetchedAt, now)}
      {problem ? ` (not refreshed: ${problem})` : ''}
      {refused > 0 ? `; ${refused} record${refused === 1 ? '' : 's'} did not verify` : ''}.
    </p>
  );
}

/** Where the scanner types a receipt's code (or staff paste it), checked on Enter. */
function ScanForm({
  inputRef,
  code,
  checking,
  onCode,
  onCheck,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  code: string;
  checking: boolean;
  onCode: (code: string) => void;
  onCheck: (text: string) => void;
}) {
  const id = useId();
  return (
    <form
      className="card flex flex-col gap-3 p-5"
      onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
        event.preventDefault();
        onCheck(code);
      }}
    >
      <label htmlFor={`${id}-code`} className="text-lg font-semibold">
        Receipt code
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        Scan the QR code on the shopper’s receipt, or paste its text, then press Enter.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          ref={inputRef}
          id={`${id}-code`}
          className="field min-w-0 flex-1 font-mono"
          value={code}
          autoFocus
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onCode(event.target.value)}
          onPaste={(event) => {
            // A paste is a whole code: check it at once, as a scanner's Enter would.
            const pasted = event.clipboardData.getData('text');
            if (!pasted.trim()) return;
            event.preventDefault();
            onCode(pasted.trim());
            onCheck(pasted);
          }}
        />
        <button type="submit" className="btn-primary" disabled={checking}>
          Check receipt
        </button>
      </div>
    </form>
  );
}

/**
 * The pickup counter: a USB barcode scanner types the receipt's QR text into the field and
 * presses Enter (or staff paste it). The shop service checks the code and holds the one
 * record of its handover (counter-calls.ts); while it cannot be reached, this counter checks
 * the code against its kept copy of the certificates and revocations, and staff decide,
 * their decision kept in the outbox until the service has it (handover-outbox.ts).
 */
export function CounterView({ settings }: { settings: ConsoleSettings }) {
  const [subtle] = useState(pageSubtle);
  const session = useServiceSession();
  const outbox = useOutbox();
  const titles = useCatalogueTitles(catalogueBase(settings.catalogueUrl, window.location.href));
  const holdDays = holdDaysOf(settings);
  const pinned = settings.enrolmentPublicKey.trim();
  const certificates = useKeptRecords(CERTIFICATE_RECORDS, settings.topicPrefix, pinned, subtle);
  const revocations = useKeptRecords(REVOCATION_RECORDS, settings.topicPrefix, pinned, subtle);
  useOutboxSender(settings.topicPrefix);
  const { input, code, setCode, shown, checking, check } = useCounterScan({
    settings,
    subtle,
    trust: {
      certificates: certificates.items,
      revocations: revocations.items,
      certificatesFrom: certificates.fetchedAt,
      revocationsFrom: revocations.fetchedAt,
    },
  });

  const header = (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-[1.75rem] font-bold">Counter</h1>
        <p className="text-sm text-muted">
          {session.staff?.name ?? 'Not signed in'} · orders held {holdDays ?? '?'} days
        </p>
      </div>
      <ServiceStatus />
    </div>
  );
  const notice = (
    <OutboxNotice waiting={outbox.entries.length} kept={outbox.kept} problem={outbox.problem} />
  );

  if (session.phase === 'signed-out' || session.phase === 'checking') {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 lg:px-8">
        {header}
        {session.phase === 'signed-out' && (
          <ServiceSignIn purpose="The counter checks receipts and records handovers at the shop service." />
        )}
        {notice}
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 lg:px-8">
      {header}
      {pinned === '' && (
        <p role="alert" className="rounded-xl bg-amber-50 p-4 font-semibold text-amber-900">
          No enrolment public key is set: while the shop service cannot be reached, every receipt is
          refused until one is (Connection).
        </p>
      )}
      <CopyAge revocations={revocations} />
      <ScanForm
        inputRef={input}
        code={code}
        checking={checking}
        onCode={setCode}
        onCheck={(text) => void check(text)}
      />
      <div aria-live="polite" aria-busy={checking}>
        {shown?.verdict.kind === 'verified' && (
          <ReceiptOrderPanel
            key={`order-${shown.scan}`}
            client={session.client}
            kioskId={shown.verdict.receipt.k}
            receiptId={shown.verdict.receipt.r}
          />
        )}
        {shown && (
          <ReceiptResult
            key={shown.scan}
            result={shown.verdict}
            checkedHere={shown.checkedHere}
            titles={titles}
            handover={
              shown.handover && (
                <VerifiedHandover
                  shown={shown}
                  handover={shown.handover}
                  onCheckAgain={() => void check(shown.code)}
                />
              )
            }
          />
        )}
      </div>
      {notice}
      <HandoverConflicts />
      <OrderFlowPanel client={session.client} />
    </div>
  );
}
