// @vitest-environment node
/**
 * The console's diagnostics transfers: a bundle is offered only once its SHA-256 matches
 * the digest the chunks carried; a mismatch, a refusal, a lost chunk or a silent kiosk ends
 * the transfer with the reason. A bounded fast-check property: whatever arrives (chunks
 * real, forged or of other commands, acks, the clock), every transfer is settled once the
 * kiosk has answered and the grace has passed, or once it has been silent long enough.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DIAGNOSTICS_CHUNK_DATA_BYTES,
  hexOf,
  readDiagnosticsChunk,
  splitIntoChunks,
  type DiagnosticsChunk,
} from '@shared/fleet/diagnostics-transfer';
import { fuzzParameters, hostilePayload } from '../../../tests/support/fixtures/hostile-payloads';
import {
  bundleFileName,
  startTransfer,
  takeAck,
  takeChunk,
  tick,
  verify,
  webCryptoSha256,
  type Transfer,
} from './diagnostics-transfers';

const bundle = new Uint8Array(DIAGNOSTICS_CHUNK_DATA_BYTES + 10).map((_, i) => (i * 13) % 256);
const digest = async (bytes: Uint8Array) =>
  hexOf(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));

async function chunks(sha256?: string): Promise<DiagnosticsChunk[]> {
  return splitIntoChunks(bundle, {
    transfer: 'transfer-1',
    command: 'c-1',
    sha256: sha256 ?? (await digest(bundle)),
  });
}

function feed(transfer: Transfer, pieces: readonly DiagnosticsChunk[]): Transfer {
  return pieces.reduce((current, piece) => takeChunk(current, piece, 10), transfer);
}

describe('a diagnostics transfer in the console', () => {
  it('is ready once every chunk is in and the digest matches', async () => {
    const assembled = feed(startTransfer('k1', 'c-1', 0), await chunks());
    expect(assembled.view.phase).toBe('verifying');
    const ready = await verify(assembled, webCryptoSha256, 20);
    expect(ready?.view).toMatchObject({ phase: 'ready', sha256: await digest(bundle), at: 20 });
  });

  it('fails on a digest mismatch, and offers nothing to download', async () => {
    const assembled = feed(startTransfer('k1', 'c-1', 0), await chunks('0'.repeat(64)));
    const checked = await verify(assembled, webCryptoSha256, 20);
    expect(checked?.view).toEqual({
      phase: 'failed',
      commandId: 'c-1',
      reason: 'digest mismatch: the bundle is not what the kiosk sent',
    });
  });

  it('shows progress, then fails with the kiosk’s refusal or a lost chunk', async () => {
    const [first] = await chunks();
    const receiving = feed(startTransfer('k1', 'c-1', 0), first ? [first] : []);
    expect(receiving.view).toMatchObject({ phase: 'receiving', received: 1, count: 2 });
    const refused = takeAck(startTransfer('k1', 'c-1', 0), { ok: false, error: 'busy' }, 1);
    expect(refused.view).toEqual({ phase: 'failed', commandId: 'c-1', reason: 'busy' });
    const acked = takeAck(receiving, { ok: true }, 100);
    expect(tick(acked, 3100).view).toEqual({
      phase: 'failed',
      commandId: 'c-1',
      reason: 'missing chunk 1 of 2',
    });
  });

  it('names the download for the kiosk and the moment', () => {
    expect(bundleFileName('kiosk-7', Date.parse('2026-11-23T10:05:00.000Z'))).toBe(
      'diagnostics-kiosk-7-2026-11-23T10-05-00-000Z.json.gz',
    );
  });

  it('always settles once answered or silent, whatever arrives (bounded)', async () => {
    const real = await chunks();
    const seeds = real.map((piece) => JSON.stringify(piece));
    const event = fc.oneof(
      fc.record({ type: fc.constant('chunk' as const), index: fc.nat({ max: real.length - 1 }) }),
      fc.record({
        type: fc.constant('bytes' as const),
        payload: hostilePayload(seeds, [48 * 1024]),
      }),
      fc.record({
        type: fc.constant('ack' as const),
        ok: fc.boolean(),
        error: fc.string({ maxLength: 20 }),
      }),
      fc.record({ type: fc.constant('tick' as const), ms: fc.nat({ max: 30_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), (events) => {
        let transfer = startTransfer('k1', 'c-1', 0);
        let now = 0;
        for (const one of events) {
          now += 1;
          if (one.type === 'chunk') {
            const piece = real[one.index];
            if (piece) transfer = takeChunk(transfer, piece, now);
          } else if (one.type === 'bytes') {
            const read = readDiagnosticsChunk(one.payload);
            if (read) transfer = takeChunk(transfer, read, now);
          } else if (one.type === 'ack') {
            transfer = takeAck(
              transfer,
              one.ok ? { ok: true } : { ok: false, error: one.error },
              now,
            );
          } else {
            now += one.ms;
            transfer = tick(transfer, now);
          }
        }
        // Long after anything could still come: never still waiting.
        transfer = tick(transfer, now + 60_000);
        expect(['verifying', 'failed']).toContain(transfer.view.phase);
      }),
      fuzzParameters(200),
    );
  }, 30_000);
});
