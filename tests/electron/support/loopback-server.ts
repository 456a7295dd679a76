/**
 * A real HTTP server on 127.0.0.1 for the image cache's tests: it counts requests, can
 * stream a large body chunk by chunk (waiting for the socket to drain, so the server
 * itself holds one chunk at a time), and can hang before or during an answer.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface LoopbackServer {
  origin: string;
  /** The path of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export async function startLoopbackServer(handler: Handler): Promise<LoopbackServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging answers keep their sockets open: cut them.
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

export const MIB = 1024 * 1024;
const CHUNK = 64 * 1024;
const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** Chunk `index` of a large PNG-looking body: the signature, then bytes that vary by chunk. */
function chunkAt(index: number, total: number): Buffer {
  const length = Math.min(CHUNK, total - index * CHUNK);
  const chunk = Buffer.alloc(length, index % 251);
  if (index === 0) chunk.set(PNG_SIGNATURE);
  return chunk;
}

/** The SHA-256 of the body streamBody sends for `total` bytes, computed the same way. */
export function bodyHash(total: number): string {
  const hash = createHash('sha256');
  for (let index = 0; index * CHUNK < total; index += 1) hash.update(chunkAt(index, total));
  return hash.digest('hex');
}

/**
 * Streams `total` bytes, a chunk at a time, each written once the socket has taken the
 * last; `pauseMs` between chunks makes it slow (a network slower than its reader);
 * `hangAfter` stops after that many bytes and keeps the connection open.
 */
export async function streamBody(
  response: ServerResponse,
  total: number,
  {
    hangAfter = Number.POSITIVE_INFINITY,
    pauseMs = 0,
  }: { hangAfter?: number; pauseMs?: number } = {},
): Promise<void> {
  for (let index = 0; index * CHUNK < total; index += 1) {
    if (index * CHUNK >= hangAfter || response.destroyed) return;
    if (!response.write(chunkAt(index, total))) {
      await new Promise<void>((resolve) => {
        response.once('drain', resolve);
        response.once('close', resolve);
      });
    }
    // Let the other side run between chunks.
    await new Promise<void>((resolve) =>
      pauseMs > 0 ? setTimeout(resolve, pauseMs) : setImmediate(resolve),
    );
  }
  response.end();
}

/** The garbage collector, so memory can be measured as live bytes rather than litter. */
export function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Live ArrayBuffer memory now: take it before the request. */
export function liveArrayBuffers(gc: () => void): number {
  gc();
  return process.memoryUsage().arrayBuffers;
}

/**
 * Reads a body to its end, hashing it, and notes the peak of live ArrayBuffer memory
 * above `baseline` (sampled every 2 MiB, first as soon as the answer is there).
 */
export async function readMeasured(
  body: ReadableStream<Uint8Array>,
  gc: () => void,
  baseline: number,
): Promise<{ bytes: number; hash: string; peakArrayBuffers: number }> {
  const hash = createHash('sha256');
  const reader = body.getReader();
  let bytes = 0;
  let peak = 0;
  let nextSample = 0;
  for (;;) {
    if (bytes >= nextSample) {
      gc();
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - baseline);
      nextSample += 2 * MIB;
    }
    const { done, value } = await reader.read();
    if (done) break;
    hash.update(value);
    bytes += value.byteLength;
  }
  return { bytes, hash: hash.digest('hex'), peakArrayBuffers: peak };
}
