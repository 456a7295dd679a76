import { useRef, useState } from 'react';
import type { Ed25519Verifier } from '@shared/fleet/receipt-code';
import { holdDaysOf, type ConsoleSettings } from '../connection/console-settings';
import { sessionLost, useServiceSession } from '../service/service-session';
import { DAY_MS } from './check-receipt';
import { useOutbox } from './handover-outbox';
import { scanCheck, type OfflineTrust, type ScanOutcome } from './scan-check';

/** A check's result, numbered so that a rescan of the same code starts afresh. */
export type Shown = { scan: number } & Extract<ScanOutcome, { kind: 'shown' }>;

/** A page that cannot check a signature cannot check receipts while the service is away. */
const NOT_SECURE = {
  kind: 'refused' as const,
  title: 'Cannot check receipts here',
  reason:
    'This page is not in a secure context, so the browser offers no signature checks. Open the console over https or on this machine (127.0.0.1).',
};

/**
 * The counter's scan field and what its last check found: each code checked by the shop
 * service, or by this counter while the service cannot be reached (scan-check.ts), and the
 * field's text selected after, ready for the next scan to replace it.
 */
export function useCounterScan({
  settings,
  subtle,
  trust,
}: {
  settings: ConsoleSettings;
  subtle: Ed25519Verifier<CryptoKey> | null;
  trust: OfflineTrust;
}) {
  const input = useRef<HTMLInputElement>(null);
  const scans = useRef(0);
  const [code, setCode] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [checking, setChecking] = useState(false);
  const client = useServiceSession((state) => state.client);
  const outbox = useOutbox((state) => state.entries);

  const check = async (text: string): Promise<void> => {
    scans.current += 1;
    const scan = scans.current;
    if (!subtle) {
      setShown({
        scan,
        kind: 'shown',
        code: text,
        verdict: NOT_SECURE,
        checkedHere: null,
        handover: null,
      });
      return;
    }
    setChecking(true);
    const outcome = await scanCheck(text, {
      client,
      prefix: settings.topicPrefix,
      enrolmentKey: settings.enrolmentPublicKey.trim(),
      holdMs: (holdDaysOf(settings) ?? 0) * DAY_MS,
      subtle,
      trust,
      outbox,
      now: Date.now(),
    });
    setChecking(false);
    if (outcome.kind === 'signed-out') {
      sessionLost();
      return;
    }
    setShown({ scan, ...outcome });
    // Ready for the next scan: it replaces this text.
    input.current?.select();
  };

  return { input, code, setCode, shown, checking, check };
}
