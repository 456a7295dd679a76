/**
 * The collection half of `window.kiosk`: the page asks main for its order's collection
 * number. Only a receipt id goes to main, and only a number of the agreed shape comes back
 * (shared/collection-number.ts); anything else, or a failed call, is no number. Built from
 * an ipcRenderer-like object so it is unit-tested without Electron.
 */
import type { IpcRenderer } from 'electron';
import { IPC_CHANNELS, type KioskCollectionBridge } from '../../shared/bridge';
import { isCollectionNumber } from '../../shared/collection-number';
import { RECEIPT_ID_PATTERN } from '../../shared/printable-receipt';

export function createCollectionBridge(ipc: Pick<IpcRenderer, 'invoke'>): KioskCollectionBridge {
  return {
    // Typed `string`, checked as anything: the page is not trusted to keep to the types.
    collectionNumber: async (receiptId: unknown) => {
      if (typeof receiptId !== 'string' || !RECEIPT_ID_PATTERN.test(receiptId)) return null;
      try {
        const answer: unknown = await ipc.invoke(IPC_CHANNELS.collectionNumber, receiptId);
        return isCollectionNumber(answer) ? answer : null;
      } catch {
        return null;
      }
    },
  };
}
