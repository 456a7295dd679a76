import { useId, useRef, useState, type SubmitEvent } from 'react';
import { catalogueBase } from '../connection/console-settings';
import { useFleetStore } from '../fleet/fleet-store';
import { checkReceipt } from './check-receipt';
import { loadCollected, markCollected, receiptKey, saveCollected } from './collected-receipts';
import { useCatalogueTitles } from './catalogue-titles';
import { keysFor } from './key-ring';
import { ReceiptResult, type Shown } from './receipt-result';
import { currentKeyRing } from './use-key-ring';

/**
 * The pickup counter: a USB barcode scanner types the receipt's QR text into the field and
 * presses Enter (or staff paste it). The code is checked against the signing kiosk's public
 * key, and the order shown, to be marked collected once.
 */
export function CounterView({ catalogueUrl }: { catalogueUrl: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [result, setResult] = useState<Shown | null>(null);
  const [checking, setChecking] = useState(false);
  const [storageProblem, setStorageProblem] = useState(false);
  const titles = useCatalogueTitles(catalogueBase(catalogueUrl, window.location.href));

  const check = async (text: string) => {
    // WebCrypto exists only in a secure context (https, or this machine's loopback).
    if (!window.isSecureContext || typeof crypto.subtle === 'undefined') {
      setResult({
        kind: 'refused',
        title: 'Cannot check receipts here',
        reason:
          'This page is not in a secure context, so the browser offers no signature checks. Open the console over https or on this machine (127.0.0.1).',
        collectedNow: false,
      });
      return;
    }
    setChecking(true);
    const kiosks = useFleetStore.getState().fleet.kiosks;
    const ring = currentKeyRing();
    // Read afresh: another tab of the console may have handed the order over meanwhile.
    const latest = loadCollected();
    const checked = await checkReceipt(text, {
      keysFor: (kioskId) => keysFor(ring, kioskId, kiosks.get(kioskId)?.publicKey ?? null),
      collectedAt: (kioskId, receiptId) => latest[receiptKey(kioskId, receiptId)] ?? null,
      subtle: crypto.subtle,
    });
    setResult({ ...checked, collectedNow: false });
    setChecking(false);
    // Ready for the next scan: it replaces this text.
    input.current?.select();
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void check(code);
  };

  const markAsCollected = () => {
    if (result?.kind !== 'verified') return;
    const at = Date.now();
    const next = markCollected(loadCollected(), receiptKey(result.receipt.k, result.receipt.r), at);
    setStorageProblem(!saveCollected(next));
    setResult({ ...result, collectedAt: at, collectedNow: true });
    input.current?.focus();
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 lg:px-8">
      <h1 className="text-[1.75rem] font-bold">Counter</h1>
      <form className="card flex flex-col gap-3 p-5" onSubmit={submit}>
        <label htmlFor={`${id}-code`} className="text-lg font-semibold">
          Receipt code
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          Scan the QR code on the shopper’s receipt, or paste its text, then press Enter.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            ref={input}
            id={`${id}-code`}
            className="field min-w-0 flex-1 font-mono"
            value={code}
            autoFocus
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setCode(event.target.value)}
            onPaste={(event) => {
              // A paste is a whole code: check it at once, as a scanner's Enter would.
              const pasted = event.clipboardData.getData('text');
              if (!pasted.trim()) return;
              event.preventDefault();
              setCode(pasted.trim());
              void check(pasted);
            }}
          />
          <button type="submit" className="btn-primary" disabled={checking}>
            Check receipt
          </button>
        </div>
      </form>
      <div aria-live="polite" aria-busy={checking}>
        {result && <ReceiptResult result={result} titles={titles} onCollect={markAsCollected} />}
      </div>
      {storageProblem && (
        <p role="alert" className="rounded-lg bg-sale-50 p-3 font-semibold text-sale-700">
          This browser refused to store the collected state: a second scan would not warn.
        </p>
      )}
    </div>
  );
}
