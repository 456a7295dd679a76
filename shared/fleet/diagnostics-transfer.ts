/**
 * How a kiosk's diagnostics bundle travels to the console: the gzipped bundle, at most
 * MAX_DIAGNOSTICS_BUNDLE_BYTES, cut into chunks of at most DIAGNOSTICS_CHUNK_DATA_BYTES,
 * each published on the kiosk's own diagnostics topic (QoS 1, not retained) as JSON that
 * names the transfer, the command it answers, its index, the chunk count, the whole
 * bundle's size and its SHA-256, so the console can put it back together and check it.
 *
 * The reader (readDiagnosticsChunk) takes network input: it checks the size before it
 * decodes a byte and never throws. The assembler is pure and bounded: it holds at most
 * MAX_DIAGNOSTICS_CHUNKS chunks per transfer and reports a transfer that stops, contradicts
 * itself or comes out wrong, rather than waiting for it for ever.
 */
import { z } from 'zod';
import { fromBase64Url, toBase64Url } from './base64url';

const KIB = 1024;

/** The gzipped bundle's cap: a kiosk trims its logs until the bundle fits. */
export const MAX_DIAGNOSTICS_BUNDLE_BYTES = 2 * KIB * KIB;
/** Bytes of the bundle in one chunk. */
export const DIAGNOSTICS_CHUNK_DATA_BYTES = 32 * KIB;
/** A capped bundle never needs more chunks than this. */
export const MAX_DIAGNOSTICS_CHUNKS = MAX_DIAGNOSTICS_BUNDLE_BYTES / DIAGNOSTICS_CHUNK_DATA_BYTES;
/** One chunk message: base64url of a full chunk (4/3 of it) and the fields around it. */
export const MAX_DIAGNOSTICS_CHUNK_BYTES = 48 * KIB;

const hex64 = /^[0-9a-f]{64}$/;

export const diagnosticsChunkSchema = z
  .strictObject({
    /** The kiosk's name for this transfer: one per diagnostics run. */
    transfer: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    /** The id of the command it answers (the console sent it). */
    command: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[^\p{Cc}]*$/u),
    index: z
      .int()
      .min(0)
      .max(MAX_DIAGNOSTICS_CHUNKS - 1),
    count: z.int().min(1).max(MAX_DIAGNOSTICS_CHUNKS),
    /** The whole bundle's size in bytes. */
    bytes: z.int().min(1).max(MAX_DIAGNOSTICS_BUNDLE_BYTES),
    /** SHA-256 of the whole bundle, lowercase hex. */
    sha256: z.string().regex(hex64),
    /** This chunk's bytes, base64url without padding. */
    data: z
      .string()
      .min(1)
      .max(Math.ceil((DIAGNOSTICS_CHUNK_DATA_BYTES * 4) / 3)),
  })
  .refine((chunk) => chunk.index < chunk.count, { message: 'index beyond count' })
  .refine((chunk) => Math.ceil(chunk.bytes / DIAGNOSTICS_CHUNK_DATA_BYTES) === chunk.count, {
    message: 'count does not fit the size',
  });

export type DiagnosticsChunk = z.infer<typeof diagnosticsChunkSchema>;

/** The bundle's chunks, as the kiosk publishes them in order. */
export function splitIntoChunks(
  bundle: Uint8Array,
  ids: { transfer: string; command: string; sha256: string },
): DiagnosticsChunk[] {
  if (bundle.length === 0 || bundle.length > MAX_DIAGNOSTICS_BUNDLE_BYTES) {
    throw new Error(`a diagnostics bundle holds 1 to ${MAX_DIAGNOSTICS_BUNDLE_BYTES} bytes`);
  }
  const count = Math.ceil(bundle.length / DIAGNOSTICS_CHUNK_DATA_BYTES);
  return Array.from({ length: count }, (_, index) => ({
    ...ids,
    index,
    count,
    bytes: bundle.length,
    data: toBase64Url(
      bundle.subarray(
        index * DIAGNOSTICS_CHUNK_DATA_BYTES,
        (index + 1) * DIAGNOSTICS_CHUNK_DATA_BYTES,
      ),
    ),
  }));
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** A chunk message's bytes read and checked, or null; never throws. */
export function readDiagnosticsChunk(payload: Uint8Array): DiagnosticsChunk | null {
  if (payload.byteLength === 0 || payload.byteLength > MAX_DIAGNOSTICS_CHUNK_BYTES) return null;
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(payload));
  } catch {
    return null;
  }
  const parsed = diagnosticsChunkSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------- the console's side

/** How long a transfer may go without a new chunk before it is reported as stopped. */
export const DIAGNOSTICS_IDLE_MS = 20_000;

export type TransferState =
  | { phase: 'receiving'; transfer: string; received: number; count: number; bytes: number }
  /** Every chunk is in: `bundle` must still hash to `sha256` (the console checks with WebCrypto). */
  | { phase: 'assembled'; transfer: string; bundle: Uint8Array; sha256: string }
  | { phase: 'failed'; reason: string };

interface Transfer {
  transfer: string;
  count: number;
  bytes: number;
  sha256: string;
  chunks: (Uint8Array | undefined)[];
  received: number;
  lastChunkAt: number;
}

/** The missing indices, as an operator reads them: "2, 5" or "2, 5, 6 and 10 more". */
export function describeMissing(chunks: readonly (Uint8Array | undefined)[]): string {
  const missing: number[] = [];
  chunks.forEach((chunk, index) => {
    if (chunk === undefined) missing.push(index);
  });
  const shown = missing.slice(0, 5).join(', ');
  return missing.length > 5 ? `${shown} and ${missing.length - 5} more` : shown;
}

/**
 * One command's transfer, put back together from its chunks. Chunks for another command
 * are not its business (null from receive); a chunk that contradicts the first one (another
 * transfer, count, size or digest, or other bytes at the same index) fails the transfer.
 */
export interface DiagnosticsAssembler {
  /** Takes one chunk; returns the new state, or null when the chunk is not for this command. */
  receive(chunk: DiagnosticsChunk, now: number): TransferState | null;
  /**
   * The kiosk acknowledged the command: ok means every chunk was published; an error is
   * the kiosk's reason (e.g. busy) and fails the transfer.
   */
  acknowledged(outcome: { ok: boolean; error?: string }, now: number): TransferState;
  /** Fails a transfer that has waited too long; `now` in ms. */
  check(now: number): TransferState;
  readonly state: TransferState;
}

export interface AssemblerOptions {
  command: string;
  startedAt: number;
  idleMs?: number;
  /** After the kiosk's ok, how long late chunks may still arrive before one counts as lost. */
  graceMs?: number;
}

/** A chunk's bytes, or why they cannot be taken: not base64url, or not the size its index needs. */
function chunkData(chunk: DiagnosticsChunk): Uint8Array | string {
  const data = fromBase64Url(chunk.data);
  if (data === null) return `chunk ${chunk.index} is not base64url`;
  const last = chunk.index === chunk.count - 1;
  const expectedLength = last
    ? chunk.bytes - (chunk.count - 1) * DIAGNOSTICS_CHUNK_DATA_BYTES
    : DIAGNOSTICS_CHUNK_DATA_BYTES;
  return data.length === expectedLength ? data : `chunk ${chunk.index} has the wrong size`;
}

function newTransfer(chunk: DiagnosticsChunk, now: number): Transfer {
  return {
    transfer: chunk.transfer,
    count: chunk.count,
    bytes: chunk.bytes,
    sha256: chunk.sha256,
    chunks: Array.from({ length: chunk.count }, () => undefined),
    received: 0,
    lastChunkAt: now,
  };
}

/** Puts a chunk in its place; null, or why the transfer cannot go on. */
function placeChunk(transfer: Transfer, chunk: DiagnosticsChunk, data: Uint8Array): string | null {
  if (
    chunk.transfer !== transfer.transfer ||
    chunk.count !== transfer.count ||
    chunk.bytes !== transfer.bytes ||
    chunk.sha256 !== transfer.sha256
  ) {
    return `chunk ${chunk.index} belongs to another transfer`;
  }
  const earlier = transfer.chunks[chunk.index];
  if (earlier) {
    // QoS 1 may deliver a chunk twice; the same bytes again change nothing.
    const same = earlier.length === data.length && earlier.every((b, i) => b === data[i]);
    return same ? null : `chunk ${chunk.index} arrived twice with different bytes`;
  }
  transfer.chunks[chunk.index] = data;
  transfer.received += 1;
  return null;
}

/** The bundle the chunks make, or why they make none. */
function joinChunks(transfer: Transfer): Uint8Array | string {
  const bundle = new Uint8Array(transfer.bytes);
  let offset = 0;
  for (const chunk of transfer.chunks) {
    if (!chunk || offset + chunk.length > bundle.length) return 'the chunks do not add up';
    bundle.set(chunk, offset);
    offset += chunk.length;
  }
  return offset === transfer.bytes ? bundle : 'the chunks do not add up to the bundle’s size';
}

export function createDiagnosticsAssembler(options: AssemblerOptions): DiagnosticsAssembler {
  const idleMs = options.idleMs ?? DIAGNOSTICS_IDLE_MS;
  const graceMs = options.graceMs ?? 3000;
  let current: Transfer | null = null;
  let state: TransferState = {
    phase: 'receiving',
    transfer: '',
    received: 0,
    count: 0,
    bytes: 0,
  };
  let lastActivity = options.startedAt;
  let ackedAt: number | null = null;
  const done = (): boolean => state.phase !== 'receiving';
  const fail = (reason: string): TransferState => (state = { phase: 'failed', reason });

  const finish = (transfer: Transfer): TransferState => {
    const bundle = joinChunks(transfer);
    if (typeof bundle === 'string') return fail(bundle);
    return (state = {
      phase: 'assembled',
      transfer: transfer.transfer,
      bundle,
      sha256: transfer.sha256,
    });
  };

  return {
    receive: (chunk, now) => {
      if (chunk.command !== options.command) return null;
      if (done()) return state;
      const data = chunkData(chunk);
      if (typeof data === 'string') return fail(data);
      current ??= newTransfer(chunk, now);
      const transfer = current;
      const problem = placeChunk(transfer, chunk, data);
      if (problem !== null) return fail(problem);
      transfer.lastChunkAt = now;
      lastActivity = now;
      if (transfer.received === transfer.count) return finish(transfer);
      return (state = {
        phase: 'receiving',
        transfer: transfer.transfer,
        received: transfer.received,
        count: transfer.count,
        bytes: transfer.bytes,
      });
    },
    acknowledged: (outcome, now) => {
      if (done()) return state;
      if (!outcome.ok) return fail(outcome.error ?? 'the kiosk refused');
      ackedAt = now;
      return state;
    },
    check: (now) => {
      if (done()) return state;
      if (ackedAt !== null && now - ackedAt >= graceMs) {
        return current
          ? fail(`missing chunk ${describeMissing(current.chunks)} of ${current.count}`)
          : fail('the kiosk said it sent the bundle, but no chunk arrived');
      }
      if (now - lastActivity >= idleMs) {
        return current
          ? fail(
              `timed out: no chunk for ${Math.round(idleMs / 1000)} s (missing ${describeMissing(current.chunks)} of ${current.count})`,
            )
          : fail(`timed out: no answer for ${Math.round(idleMs / 1000)} s`);
      }
      return state;
    },
    get state() {
      return state;
    },
  };
}

/** SHA-256 as lowercase hex, from a digest's bytes. */
export function hexOf(digest: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
