/**
 * A diagnostics bundle's chunks: cut to size, read back with the size checked first, put
 * together in any order with duplicates, and every broken transfer reported (a contradicting
 * chunk, a lost one after the kiosk's ack, a silence) rather than waited for. Bounded
 * fast-check properties over shuffled, dropped, repeated and mutated chunks.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createDiagnosticsAssembler,
  DIAGNOSTICS_CHUNK_DATA_BYTES,
  MAX_DIAGNOSTICS_BUNDLE_BYTES,
  MAX_DIAGNOSTICS_CHUNK_BYTES,
  MAX_DIAGNOSTICS_CHUNKS,
  readDiagnosticsChunk,
  splitIntoChunks,
  type DiagnosticsChunk,
} from '../../../shared/fleet/diagnostics-transfer';
import { BROKER_MESSAGE_SIZE_LIMIT } from '../../../shared/fleet/message-limits';
import { fuzzParameters, hostilePayload } from '../../support/fixtures/hostile-payloads';

const COMMAND = 'cmd-1';
const encode = (chunk: DiagnosticsChunk) => new TextEncoder().encode(JSON.stringify(chunk));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function chunksOf(bundle: Uint8Array, transfer = 'transfer-1'): DiagnosticsChunk[] {
  return splitIntoChunks(bundle, { transfer, command: COMMAND, sha256: sha256(bundle) });
}

function randomBundle(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index += 1) bytes[index] = (index * 7919 + 13) % 251;
  return bytes;
}

describe('cutting a bundle into chunks', () => {
  it('makes chunks of the fixed size, the last one shorter, each within its message limit', () => {
    const bundle = randomBundle(DIAGNOSTICS_CHUNK_DATA_BYTES * 2 + 5);
    const chunks = chunksOf(bundle);
    expect(chunks.map((chunk) => [chunk.index, chunk.count])).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
    for (const chunk of chunks) {
      const bytes = encode(chunk);
      expect(bytes.length).toBeLessThanOrEqual(MAX_DIAGNOSTICS_CHUNK_BYTES);
      expect(readDiagnosticsChunk(bytes)).toEqual(chunk);
    }
  });

  it('holds even the largest bundle within the chunk limit, and the broker takes that', () => {
    const chunks = chunksOf(randomBundle(MAX_DIAGNOSTICS_BUNDLE_BYTES));
    expect(chunks).toHaveLength(MAX_DIAGNOSTICS_CHUNKS);
    const largest = Math.max(...chunks.map((chunk) => encode(chunk).length));
    expect(largest).toBeLessThanOrEqual(MAX_DIAGNOSTICS_CHUNK_BYTES);
    expect(BROKER_MESSAGE_SIZE_LIMIT).toBeGreaterThanOrEqual(MAX_DIAGNOSTICS_CHUNK_BYTES);
  });

  it('refuses an empty bundle and one over the cap', () => {
    expect(() => chunksOf(new Uint8Array(0))).toThrow(/1 to/);
    expect(() => chunksOf(new Uint8Array(MAX_DIAGNOSTICS_BUNDLE_BYTES + 1))).toThrow(/1 to/);
  });
});

describe('reading a chunk message', () => {
  const [chunk] = chunksOf(randomBundle(100));
  if (!chunk) throw new Error('no chunk');

  it('drops a message over the limit before decoding it', () => {
    const padded = new Uint8Array(MAX_DIAGNOSTICS_CHUNK_BYTES + 1).fill(0x20);
    padded.set(encode(chunk));
    expect(readDiagnosticsChunk(padded)).toBeNull();
  });

  it.each([
    ['an index beyond the count', { index: 1 }],
    ['a count that does not fit the size', { count: 2 }],
    ['a digest that is not hex', { sha256: 'z'.repeat(64) }],
    ['a bundle over the cap', { bytes: MAX_DIAGNOSTICS_BUNDLE_BYTES + 1 }],
    ['an extra field', { extra: 1 }],
    ['control characters in the command id', { command: 'a\u0000b' }],
  ])('refuses %s', (_name, change) => {
    expect(readDiagnosticsChunk(encode({ ...chunk, ...change }))).toBeNull();
  });

  it('never throws on hostile bytes (bounded fuzz)', () => {
    fc.assert(
      fc.property(
        hostilePayload([JSON.stringify(chunk)], [MAX_DIAGNOSTICS_CHUNK_BYTES]),
        (payload) => {
          const read = readDiagnosticsChunk(payload);
          if (read !== null)
            expect(payload.length).toBeLessThanOrEqual(MAX_DIAGNOSTICS_CHUNK_BYTES);
        },
      ),
      fuzzParameters(300),
    );
  }, 30_000);
});

describe('putting a transfer together', () => {
  const bundle = randomBundle(DIAGNOSTICS_CHUNK_DATA_BYTES * 3 + 17);
  const chunks = chunksOf(bundle);

  it('assembles chunks in any order, a repeated one changing nothing', () => {
    const assembler = createDiagnosticsAssembler({ command: COMMAND, startedAt: 0 });
    for (const index of [3, 1, 1, 0]) {
      const chunk = chunks[index];
      if (chunk) expect(assembler.receive(chunk, 10)?.phase).toBe('receiving');
    }
    const [, , third] = chunks;
    if (!third) throw new Error('no third chunk');
    const state = assembler.receive(third, 20);
    expect(state).toMatchObject({ phase: 'assembled', sha256: sha256(bundle) });
    if (state?.phase === 'assembled') expect(sha256(state.bundle)).toBe(sha256(bundle));
  });

  it('ignores another command’s chunks', () => {
    const assembler = createDiagnosticsAssembler({ command: 'another', startedAt: 0 });
    expect(assembler.receive(chunks[0] as DiagnosticsChunk, 1)).toBeNull();
  });

  it('fails a chunk of another transfer, or other bytes at an index already taken', () => {
    const other = chunksOf(
      randomBundle(DIAGNOSTICS_CHUNK_DATA_BYTES * 3 + 17).reverse(),
      'transfer-2',
    );
    const mixed = createDiagnosticsAssembler({ command: COMMAND, startedAt: 0 });
    mixed.receive(chunks[0] as DiagnosticsChunk, 1);
    expect(mixed.receive(other[1] as DiagnosticsChunk, 2)).toMatchObject({
      phase: 'failed',
      reason: 'chunk 1 belongs to another transfer',
    });
    const changed = createDiagnosticsAssembler({ command: COMMAND, startedAt: 0 });
    changed.receive(chunks[0] as DiagnosticsChunk, 1);
    const forged = {
      ...(other[0] as DiagnosticsChunk),
      transfer: 'transfer-1',
      sha256: sha256(bundle),
    };
    expect(changed.receive(forged, 2)).toMatchObject({
      phase: 'failed',
      reason: 'chunk 0 arrived twice with different bytes',
    });
  });

  it('reports the chunks still missing once the kiosk said it sent them all', () => {
    const assembler = createDiagnosticsAssembler({ command: COMMAND, startedAt: 0, graceMs: 3000 });
    assembler.receive(chunks[0] as DiagnosticsChunk, 1);
    assembler.receive(chunks[3] as DiagnosticsChunk, 2);
    assembler.acknowledged({ ok: true }, 100);
    expect(assembler.check(3099).phase).toBe('receiving');
    expect(assembler.check(3100)).toEqual({ phase: 'failed', reason: 'missing chunk 1, 2 of 4' });
  });

  it('reports a kiosk that never answers, and one that stops half-way', () => {
    const silent = createDiagnosticsAssembler({ command: COMMAND, startedAt: 0, idleMs: 20_000 });
    expect(silent.check(19_999).phase).toBe('receiving');
    expect(silent.check(20_000)).toEqual({
      phase: 'failed',
      reason: 'timed out: no answer for 20 s',
    });
    const stopped = createDiagnosticsAssembler({ command: COMMAND, startedAt: 0, idleMs: 20_000 });
    stopped.receive(chunks[0] as DiagnosticsChunk, 5_000);
    expect(stopped.check(24_999).phase).toBe('receiving');
    expect(stopped.check(25_000)).toEqual({
      phase: 'failed',
      reason: 'timed out: no chunk for 20 s (missing 1, 2, 3 of 4)',
    });
  });

  it('takes the kiosk’s refusal as the reason', () => {
    const assembler = createDiagnosticsAssembler({ command: COMMAND, startedAt: 0 });
    expect(
      assembler.acknowledged({ ok: false, error: 'busy: a shopper is using the kiosk' }, 1),
    ).toEqual({
      phase: 'failed',
      reason: 'busy: a shopper is using the kiosk',
    });
  });

  it('shuffled, dropped and repeated chunks: the bundle comes out whole or the loss is reported (bounded)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: DIAGNOSTICS_CHUNK_DATA_BYTES * 3 }),
        fc.array(fc.nat(), { minLength: 0, maxLength: 12 }),
        fc.array(fc.nat(), { minLength: 0, maxLength: 3 }),
        (length, order, dropped) => {
          const original = randomBundle(length);
          const pieces = chunksOf(original);
          const lost = new Set(dropped.map((n) => n % pieces.length));
          // Every chunk once, some again, in an order the keys give; then the losses.
          const sequence = [...pieces.keys(), ...order.map((n) => n % pieces.length)]
            .map((index, position) => ({ index, key: order[position % (order.length || 1)] ?? 0 }))
            .sort((a, b) => a.key - b.key)
            .map(({ index }) => index)
            .filter((index) => !lost.has(index));
          const assembler = createDiagnosticsAssembler({ command: COMMAND, startedAt: 0 });
          for (const index of sequence) assembler.receive(pieces[index] as DiagnosticsChunk, 1);
          assembler.acknowledged({ ok: true }, 2);
          const state = assembler.check(10_000);
          if (lost.size === 0) {
            expect(state.phase).toBe('assembled');
            if (state.phase === 'assembled') expect(sha256(state.bundle)).toBe(sha256(original));
          } else {
            expect(state.phase).toBe('failed');
            if (state.phase === 'failed')
              expect(state.reason).toMatch(/^missing chunk |no chunk arrived/);
          }
        },
      ),
      fuzzParameters(100),
    );
  }, 30_000);

  it('mutated chunks never throw and never assemble into other bytes unnoticed (bounded)', () => {
    const small = randomBundle(DIAGNOSTICS_CHUNK_DATA_BYTES + 300);
    const pieces = chunksOf(small);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            index: fc.nat({ max: pieces.length - 1 }),
            field: fc.constantFrom('data', 'index', 'count', 'bytes', 'sha256', 'transfer', 'none'),
            value: fc.oneof(fc.string(), fc.integer({ min: -2, max: 70 }), fc.base64String()),
          }),
          { maxLength: 6 },
        ),
        (mutations) => {
          const assembler = createDiagnosticsAssembler({ command: COMMAND, startedAt: 0 });
          const sent = [
            ...mutations.map(({ index, field, value }) =>
              field === 'none' ? pieces[index] : { ...pieces[index], [field]: value },
            ),
            ...pieces,
          ];
          for (const candidate of sent) {
            // Only what the reader accepts reaches the assembler, as in the console.
            const read = readDiagnosticsChunk(new TextEncoder().encode(JSON.stringify(candidate)));
            if (read) expect(() => assembler.receive(read, 1)).not.toThrow();
          }
          const state = assembler.check(10_000);
          // Whatever came out, the console's digest check tells a wrong bundle apart.
          if (state.phase === 'assembled' && sha256(state.bundle) === state.sha256) {
            expect(sha256(state.bundle)).toBe(sha256(small));
          }
        },
      ),
      fuzzParameters(100),
    );
  }, 30_000);
});
