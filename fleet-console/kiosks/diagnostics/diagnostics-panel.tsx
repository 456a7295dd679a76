import { useEffect, useMemo } from 'react';
import { useBrokerSession, useConnected } from '../../connection/connection-store';
import { formatBytes, formatClock } from '../../lib/format';
import { watchDiagnostics } from './diagnostics-session';
import { useDiagnosticsStore } from './diagnostics-store';
import { bundleFileName, type TransferView } from './diagnostics-transfers';
import { sendCommand } from '../commands/send-command';

function describe(view: TransferView): string {
  switch (view.phase) {
    case 'waiting':
      return 'Asked the kiosk; waiting for its bundle…';
    case 'receiving':
      return `Receiving: ${view.received} of ${view.count} chunks (${formatBytes(view.bytes)})`;
    case 'verifying':
      return 'Checking the bundle’s digest…';
    case 'ready':
      return `Ready: ${formatBytes(view.bundle.length)}, received ${formatClock(view.at)}, SHA-256 verified.`;
    case 'failed':
      return `Failed: ${view.reason}`;
  }
}

/**
 * Asks the kiosk for its diagnostics bundle (it answers only on its attract screen or
 * asleep), shows the transfer as it runs, and offers the verified bundle as a .json.gz
 * download.
 */
export function DiagnosticsPanel({ kioskId }: { kioskId: string }) {
  const session = useBrokerSession();
  const connected = useConnected();
  const view = useDiagnosticsStore((state) => state.transfers.get(kioskId)?.view ?? null);
  const running = view !== null && (view.phase === 'waiting' || view.phase === 'receiving');

  // The clock that turns a stalled transfer into a reported one.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => useDiagnosticsStore.getState().tick(), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const ready = view?.phase === 'ready' ? view : null;
  const url = useMemo(
    () =>
      ready
        ? URL.createObjectURL(
            new Blob([new Uint8Array(ready.bundle)], { type: 'application/gzip' }),
          )
        : null,
    [ready],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const gather = async (): Promise<void> => {
    if (!session) return;
    try {
      await watchDiagnostics(session, kioskId);
    } catch {
      // Still asked: the transfer then reports what did not arrive.
    }
    await sendCommand(session, 'diagnostics', kioskId, (id) =>
      useDiagnosticsStore.getState().start(kioskId, id),
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-base font-bold">Diagnostics</h3>
      <p className="text-sm text-muted" role="status">
        {view ? describe(view) : 'Logs, config and state for support, without shopper data.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={!session || !connected || running}
          onClick={() => void gather()}
        >
          Gather diagnostics
        </button>
        {ready && url && (
          <a
            className="btn-primary"
            href={url}
            download={bundleFileName(kioskId, ready.at)}
            data-sha256={ready.sha256}
          >
            Download diagnostics (.gz)
          </a>
        )}
      </div>
    </div>
  );
}
