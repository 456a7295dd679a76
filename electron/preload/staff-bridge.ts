/**
 * Staff's half of `window.kiosk` after the PIN: when the kiosk showed its pairing code
 * instead of closing, staff close it with confirmStaffExit. Main decides: it closes only
 * within a few minutes of the right PIN. Built from an ipcRenderer-like object so it is
 * unit-tested without Electron; the page gets one named function, never ipcRenderer.
 */
import type { IpcRenderer } from 'electron';
import { IPC_CHANNELS, type KioskStaffBridge } from '../../shared/bridge';

export function createStaffBridge(ipc: Pick<IpcRenderer, 'invoke'>): KioskStaffBridge {
  return {
    confirmStaffExit: async () => {
      try {
        return (await ipc.invoke(IPC_CHANNELS.confirmStaffExit)) === true;
      } catch {
        return false;
      }
    },
  };
}
