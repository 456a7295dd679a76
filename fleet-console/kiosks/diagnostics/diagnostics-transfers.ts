/**
 * The console's diagnostics transfers, one per kiosk at a time: started when the operator
 * asks, fed every chunk the broker worker read (shared/fleet/diagnostics-transfer.ts puts
 * them back together), the kiosk's ack and the clock; an assembled bundle is ready only once
 * its SHA-256 matches the digest every chunk carried. A transfer that stops, contradicts
 * itself or comes out wrong ends as failed with the reason, never as a wait for ever.
 */
import {
  createDiagnosticsAssembler,
  type DiagnosticsAssembler,
  hexOf,
  type DiagnosticsChunk,
} from '@shared/fleet/diagnostics-transfer';

export type TransferView =
  | { phase: 'waiting'; commandId: string; startedAt: number }
  | { phase: 'receiving'; commandId: string; received: number; count: number; bytes: number }
  | { phase: 'verifying'; commandId: string }
  | { phase: 'ready'; commandId: string; bundle: Uint8Array; sha256: string; at: number }
  | { phase: 'failed'; commandId: string; reason: string };

export interface Transfer {
  kioskId: string;
  commandId: string;
  assembler: DiagnosticsAssembler;
  view: TransferView;
}

export function startTransfer(kioskId: string, commandId: string, now: number): Transfer {
  return {
    kioskId,
    commandId,
    assembler: createDiagnosticsAssembler({ command: commandId, startedAt: now }),
    view: { phase: 'waiting', commandId, startedAt: now },
  };
}

function viewOf(transfer: Transfer): TransferView {
  const { commandId } = transfer;
  const state = transfer.assembler.state;
  switch (state.phase) {
    case 'failed':
      return { phase: 'failed', commandId, reason: state.reason };
    case 'assembled':
      return { phase: 'verifying', commandId };
    case 'receiving':
      return state.count === 0
        ? transfer.view
        : {
            phase: 'receiving',
            commandId,
            received: state.received,
            count: state.count,
            bytes: state.bytes,
          };
  }
}

const settled = (view: TransferView): boolean =>
  view.phase === 'ready' || view.phase === 'failed' || view.phase === 'verifying';

/** A chunk read from the kiosk's diagnostics topic; another command's chunk changes nothing. */
export function takeChunk(transfer: Transfer, chunk: DiagnosticsChunk, now: number): Transfer {
  if (settled(transfer.view)) return transfer;
  const state = transfer.assembler.receive(chunk, now);
  if (state === null) return transfer;
  return { ...transfer, view: viewOf(transfer) };
}

/** The kiosk's ack for the command: an error (busy, a failed gathering) ends the transfer. */
export function takeAck(
  transfer: Transfer,
  ack: { ok: boolean; error?: string },
  now: number,
): Transfer {
  if (settled(transfer.view)) return transfer;
  transfer.assembler.acknowledged(ack, now);
  return { ...transfer, view: viewOf(transfer) };
}

/** The clock: a transfer that waited too long, or misses a chunk after the ack, fails. */
export function tick(transfer: Transfer, now: number): Transfer {
  if (settled(transfer.view)) return transfer;
  const before = transfer.assembler.state;
  const after = transfer.assembler.check(now);
  return after === before ? transfer : { ...transfer, view: viewOf(transfer) };
}

/** The assembled bundle, once its digest is checked; null while there is none. */
export async function verify(
  transfer: Transfer,
  sha256: (bytes: Uint8Array) => Promise<string>,
  now: number,
): Promise<Transfer | null> {
  const state = transfer.assembler.state;
  if (transfer.view.phase !== 'verifying' || state.phase !== 'assembled') return null;
  const { commandId } = transfer;
  let actual: string;
  try {
    actual = await sha256(state.bundle);
  } catch {
    return {
      ...transfer,
      view: { phase: 'failed', commandId, reason: 'the digest could not be computed here' },
    };
  }
  return {
    ...transfer,
    view:
      actual === state.sha256
        ? { phase: 'ready', commandId, bundle: state.bundle, sha256: actual, at: now }
        : {
            phase: 'failed',
            commandId,
            reason: 'digest mismatch: the bundle is not what the kiosk sent',
          },
  };
}

/** WebCrypto's SHA-256 as lowercase hex (the console runs in a secure context). */
export async function webCryptoSha256(bytes: Uint8Array): Promise<string> {
  return hexOf(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
}

/** The file name a downloaded bundle gets. */
export function bundleFileName(kioskId: string, at: number): string {
  const stamp = new Date(at).toISOString().replace(/[:.]/g, '-');
  return `diagnostics-${kioskId}-${stamp}.json.gz`;
}
