import { describe, expect, it } from 'vitest';
import {
  SharedDownload,
  type BodySink,
  type NetworkFetch,
} from '../../../../electron/main/images/image-download';

const TIMEOUTS = { connectMs: 1000, bodyMs: 2000 };
const chunk = (index: number) => Uint8Array.of(index);

/** A network body of `count` one-byte chunks that counts how many were pulled from it. */
function countedBody(count: number) {
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled === count) {
          controller.close();
          return;
        }
        controller.enqueue(chunk(state.pulled));
        state.pulled += 1;
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { state, body };
}

const settle = async () => {
  for (let index = 0; index < 20; index += 1) await new Promise((r) => setImmediate(r));
};

function download(body: ReadableStream<Uint8Array>, sink?: BodySink) {
  const fetch: NetworkFetch = () =>
    Promise.resolve(new Response(body, { headers: { 'Content-Type': 'image/png' } }));
  return new SharedDownload({
    request: new Request('http://127.0.0.1:9/a.png'),
    fetch,
    timeouts: TIMEOUTS,
    sinkFor: sink ? () => Promise.resolve(sink) : undefined,
  });
}

function joined(shared: SharedDownload): Promise<Response> {
  const response = shared.join();
  if (!response) throw new Error('could not join');
  return response;
}

async function readAll(response: Response): Promise<number[]> {
  return [...new Uint8Array(await response.arrayBuffer())];
}

describe('a download shared by identical requests', () => {
  it('pulls from the network only as fast as its slowest reader reads', async () => {
    const { state, body } = countedBody(100);
    const shared = download(body);
    const slow = await joined(shared);
    const fastBody = readAll(await shared.response);
    await settle();
    // The slow reader has not read: the download waits for it, a chunk or two ahead.
    expect(state.pulled).toBeLessThanOrEqual(3);
    const slowBody = readAll(slow);
    expect(await fastBody).toEqual(Array.from({ length: 100 }, (_, index) => index));
    expect(await slowBody).toEqual(await fastBody);
  });

  it('goes on for the others when one reader goes away, and stops when all have', async () => {
    const { state, body } = countedBody(1000);
    const shared = download(body);
    const leaving = await joined(shared);
    const staying = await shared.response;
    await leaving.body?.cancel();
    const reader = staying.body?.getReader();
    if (!reader) throw new Error('no body');
    await reader.read();
    await reader.read();
    await reader.cancel();
    await shared.settled;
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(10);
  });

  it('lets nobody join once a byte has been read, and says whether it is still storing', async () => {
    const { body } = countedBody(5);
    const written: number[] = [];
    const sink: BodySink = {
      wanted: true,
      write: (value) => {
        written.push(...value);
        return Promise.resolve();
      },
      finish: () => Promise.resolve(),
      abort: () => Promise.resolve(),
    };
    const shared = download(body, sink);
    const reader = (await shared.response).body?.getReader();
    if (!reader) throw new Error('no body');
    await reader.read();
    expect(shared.joinable).toBe(false);
    expect(shared.join()).toBeNull();
    expect(shared.storing).toBe(true);
    while (!(await reader.read()).done);
    await shared.settled;
    expect(written).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives every reader the failure of a head that never comes', async () => {
    const fetch: NetworkFetch = () => new Promise<Response>(() => undefined);
    const shared = new SharedDownload({
      request: new Request('http://127.0.0.1:9/a.png'),
      fetch,
      timeouts: { connectMs: 20, bodyMs: 1000 },
    });
    const other = shared.join();
    await expect(shared.response).rejects.toMatchObject({ name: 'TimeoutError' });
    await expect(other).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
