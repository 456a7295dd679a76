import { useId, useRef, useState, type RefObject, type SubmitEvent } from 'react';
import { isBrokerCluster } from '../connection/broker-list';
import { useConnected } from '../connection/connection-store';
import { catalogueBase, holdDaysOf, type ConsoleSettings } from '../connection/console-settings';
import { pageSubtle } from '../lib/page-crypto';
import { useTrustStore } from '../trust/trust-store';
import { useCatalogueTitles } from './catalogue-titles';
import { checkReceipt, DAY_MS, type CheckResult } from './check-receipt';
import { HandoverConflicts } from './handover-conflicts';
import { HandoverPanel } from './handover-panel';
import { useHandoverDesk, useHandoverQueue } from './handover-service';
import { QueueNotice } from './queue-notice';
import { ReceiptResult } from './receipt-result';
import { useHandover } from './use-handover';

/** A check's result, numbered so that a rescan of the same code looks it up afresh. */
type Shown = { scan: number; result: CheckResult };

function Verified({
  shown,
  settings,
  titles,
}: {
  shown: Shown & { result: Extract<CheckResult, { kind: 'verified' }> };
  settings: ConsoleSettings;
  titles: ReturnType<typeof useCatalogueTitles>;
}) {
  const desk = useHandoverDesk();
  const connected = useConnected();
  const { receipt } = shown.result;
  const handover = useHandover(
    desk,
    { kioskId: receipt.k, receiptId: receipt.r, key: shown.scan },
    settings.counterName.trim(),
    connected,
  );
  return (
    <ReceiptResult
      result={shown.result}
      titles={titles}
      handover={<HandoverPanel handover={handover} now={Date.now} />}
    />
  );
}

/** A page that cannot check a signature refuses every receipt, and says why. */
const NOT_SECURE: CheckResult = {
  kind: 'refused',
  refusal: 'no-enrolment-key',
  title: 'Cannot check receipts here',
  reason:
    'This page is not in a secure context, so the browser offers no signature checks. Open the console over https or on this machine (127.0.0.1).',
};

/** What stops this counter trusting receipts, or confirming handovers. */
function CounterNotices({ settings }: { settings: ConsoleSettings }) {
  return (
    <>
      {settings.enrolmentPublicKey.trim() === '' && (
        <p role="alert" className="rounded-xl bg-amber-50 p-4 font-semibold text-amber-900">
          No enrolment public key is set: every receipt is refused until one is (Connection).
        </p>
      )}
      {isBrokerCluster(settings.brokers) && (
        <p role="alert" className="rounded-xl bg-amber-50 p-4 font-semibold text-amber-900">
          Handovers need the shop’s own broker. This counter is connected to a cluster, where two
          counters could each hand the same order over, so it cannot confirm any handover: you
          decide each one, as when the broker cannot be reached. Connect it to the shop’s broker
          (Connection).
        </p>
      )}
    </>
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
 * presses Enter (or staff paste it). The code is checked against the certificates the
 * operator's enrolment key signed for the kiosk (check-receipt.ts), and the order shown;
 * whether it may be handed over is the shop's one record on the broker (handover-desk.ts).
 */
export function CounterView({ settings }: { settings: ConsoleSettings }) {
  const input = useRef<HTMLInputElement>(null);
  const scans = useRef(0);
  const [code, setCode] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [checking, setChecking] = useState(false);
  const titles = useCatalogueTitles(catalogueBase(settings.catalogueUrl, window.location.href));
  const queued = useHandoverQueue((state) => state.queued.length);
  const kept = useHandoverQueue((state) => state.kept);
  const holdDays = holdDaysOf(settings);

  const check = async (text: string) => {
    const subtle = pageSubtle();
    scans.current += 1;
    const scan = scans.current;
    if (!subtle) {
      setShown({ scan, result: NOT_SECURE });
      return;
    }
    setChecking(true);
    const { trust, revocations } = useTrustStore.getState();
    const result = await checkReceipt(text, {
      prefix: settings.topicPrefix,
      enrolmentKey: settings.enrolmentPublicKey.trim(),
      certificatesFor: (kioskId) =>
        [...(trust.certificates.get(kioskId)?.entries() ?? [])].map(([serial, envelope]) => ({
          serial,
          envelope,
        })),
      revocations: revocations.list,
      holdMs: (holdDays ?? 0) * DAY_MS,
      now: Date.now(),
      subtle,
    });
    setShown({ scan, result });
    setChecking(false);
    // Ready for the next scan: it replaces this text.
    input.current?.select();
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 lg:px-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-[1.75rem] font-bold">Counter</h1>
        <p className="text-sm text-muted">
          {settings.counterName.trim()} · orders held {holdDays ?? '?'} days
        </p>
      </div>
      <CounterNotices settings={settings} />
      <ScanForm
        inputRef={input}
        code={code}
        checking={checking}
        onCode={setCode}
        onCheck={(text) => void check(text)}
      />
      <div aria-live="polite" aria-busy={checking}>
        {shown?.result.kind === 'verified' ? (
          <Verified
            key={shown.scan}
            shown={{ scan: shown.scan, result: shown.result }}
            settings={settings}
            titles={titles}
          />
        ) : (
          shown && <ReceiptResult result={shown.result} titles={titles} handover={null} />
        )}
      </div>
      <QueueNotice queued={queued} kept={kept} />
      <HandoverConflicts />
    </div>
  );
}
