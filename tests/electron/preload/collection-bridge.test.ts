import type { IpcRenderer } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { createCollectionBridge } from '../../../electron/preload/collection-bridge';
import { IPC_CHANNELS } from '../../../shared/bridge';
import { as } from '../support/fake-electron';

vi.mock('electron', () => ({}));

const RECEIPT = 'Receipt-1741078800000-7';

function bridgeAnswering(answer: () => Promise<unknown>) {
  const invoke = vi.fn(answer);
  return { bridge: createCollectionBridge(as<IpcRenderer>({ invoke })), invoke };
}

describe('the collection bridge', () => {
  it('asks main over its named channel with the receipt id alone, and hands back the number', async () => {
    const { bridge, invoke } = bridgeAnswering(() => Promise.resolve('C 27'));
    await expect(bridge.collectionNumber(RECEIPT)).resolves.toBe('C 27');
    expect(invoke).toHaveBeenCalledExactlyOnceWith(IPC_CHANNELS.collectionNumber, RECEIPT);
  });

  it('lets only a number of the agreed shape reach the page', async () => {
    for (const answer of ['C-27', 'B 27', 'C 027', '<b>C 27</b>', 27, null, { number: 'C 27' }]) {
      const { bridge } = bridgeAnswering(() => Promise.resolve(answer));
      await expect(bridge.collectionNumber(RECEIPT), JSON.stringify(answer)).resolves.toBeNull();
    }
  });

  it('sends main nothing that is not a receipt id', async () => {
    const { bridge, invoke } = bridgeAnswering(() => Promise.resolve('C 27'));
    for (const bad of ['Receipt-x', '', 7, null, { id: RECEIPT }]) {
      // The page is not trusted to keep to the types.
      await expect(bridge.collectionNumber(bad as string)).resolves.toBeNull();
    }
    expect(invoke).not.toHaveBeenCalled();
  });

  it('reads a failed call as no number', async () => {
    const { bridge } = bridgeAnswering(() => Promise.reject(new Error('gone')));
    await expect(bridge.collectionNumber(RECEIPT)).resolves.toBeNull();
  });
});
