import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadMessage } from '../protocol/read-message';
import type { FromWorker, ToWorker } from './broker-protocol';
import { openBrokerSession } from './broker-session';
import { useConnectionStore } from './connection-store';
import { DEFAULT_SETTINGS } from './console-settings';
import { route, type SessionFeature } from './message-routes';

/** A worker the test speaks for: what the page posts it, and a way to post the page. */
function fakeWorker() {
  const posted: ToWorker[] = [];
  const worker = {
    onmessage: null as ((event: MessageEvent<FromWorker>) => void) | null,
    onerror: null,
    postMessage: (message: ToWorker) => posted.push(message),
    terminate: vi.fn(),
  };
  const say = (message: FromWorker) =>
    worker.onmessage?.(new MessageEvent<FromWorker>('message', { data: message }));
  return { worker: worker as unknown as Worker, posted, say, terminate: worker.terminate };
}

const settings = { ...DEFAULT_SETTINGS, brokers: ['ws://n1:1', 'ws://n2:2'] };
const status: ReadMessage = {
  retained: false,
  receivedAt: 1,
  kind: 'status-cleared',
  kioskId: 'k1',
};

describe('a broker session', () => {
  afterEach(() => useConnectionStore.setState({ connection: { phase: 'idle' }, session: null }));

  it('opens each feature, hands batches to their routes and answers to them, and closes them', () => {
    const { worker, posted, say, terminate } = fakeWorker();
    const taken: ReadMessage[] = [];
    const answers: unknown[] = [];
    const closed = vi.fn();
    const feature: SessionFeature = {
      open: vi.fn(() => ({
        routes: [route(['status-cleared'], (messages) => taken.push(...messages))],
        answered: (answer: unknown) => answers.push(answer),
        close: closed,
      })),
    };
    const session = openBrokerSession(settings, { startWorker: () => worker, features: [feature] });
    expect(feature.open).toHaveBeenCalledWith(settings);
    expect(posted[0]).toMatchObject({ type: 'connect', settings });
    expect(useConnectionStore.getState().connection).toEqual({
      phase: 'connecting',
      broker: 'ws://n1:1',
      nodes: 2,
    });
    // The header names the node the worker is on, not the whole list.
    say({ type: 'phase', phase: 'connected', problem: null, broker: 'ws://n2:2' });
    expect(useConnectionStore.getState().connection).toEqual({
      phase: 'connected',
      broker: 'ws://n2:2',
      nodes: 2,
    });
    say({ type: 'messages', messages: [status] });
    say({ type: 'answer', answer: { groupKind: 'store' } });
    session.ask({ groupKind: 'region' });
    expect(taken).toEqual([status]);
    expect(answers).toEqual([{ groupKind: 'store' }]);
    expect(posted.at(-1)).toEqual({ type: 'ask', question: { groupKind: 'region' } });
    session.close();
    expect(closed).toHaveBeenCalledTimes(1);
    expect(terminate).toHaveBeenCalledTimes(1);
    expect(useConnectionStore.getState().connection).toEqual({ phase: 'idle' });
  });

  it('answers a publish or a subscription when the worker does, and refuses what is left at close', async () => {
    const { worker, posted, say } = fakeWorker();
    const session = openBrokerSession(settings, { startWorker: () => worker, features: [] });
    const published = session.publish('t', 'p', { retain: true });
    const request = posted.at(-1);
    if (request?.type !== 'publish') throw new Error('nothing published');
    say({ type: 'published', requestId: request.requestId, error: null });
    await expect(published).resolves.toBeUndefined();
    say({ type: 'phase', phase: 'connected', problem: null, broker: 'ws://n1:1' });
    expect(session.connected()).toBe(true);
    const pending = session.subscribeOnce('t');
    session.close();
    await expect(pending).rejects.toThrow('The console closed');
  });
});
