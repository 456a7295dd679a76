/**
 * Builds the `window.kiosk` bridge from an ipcRenderer-like object. Kept apart from the
 * contextBridge call so it is unit-tested without Electron; the renderer gets these named
 * functions only, never ipcRenderer itself.
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import {
  IPC_CHANNELS,
  type KioskBridge,
  type PrintResult,
  type RendererConfig,
  type StaffExitResult,
} from '../../shared/bridge';
import { PAIRING_CODE_PATTERN } from '../../shared/fleet/trust/pairing-code';

const PRINT_FAILED: PrintResult = {
  ok: false,
  message: 'The receipt could not be printed. Please show this screen at the counter.',
};

/** The main process's answer, checked: anything unexpected counts as a failed print. */
function toPrintResult(answer: unknown): PrintResult {
  if (typeof answer !== 'object' || answer === null) return PRINT_FAILED;
  const { ok, message } = answer as { ok?: unknown; message?: unknown };
  if (ok === true) return { ok: true };
  return typeof message === 'string' && message !== '' ? { ok: false, message } : PRINT_FAILED;
}

/** Only the three answers main gives reach the page; anything else counts as a wrong PIN. */
export function toStaffExitResult(answer: unknown): StaffExitResult {
  const { status, retryAfterSeconds, pairingCode } = (answer ?? {}) as Record<string, unknown>;
  if (status === 'accepted') {
    return typeof pairingCode === 'string' && PAIRING_CODE_PATTERN.test(pairingCode)
      ? { status, pairingCode }
      : { status };
  }
  if (
    status === 'locked' &&
    typeof retryAfterSeconds === 'number' &&
    Number.isInteger(retryAfterSeconds) &&
    retryAfterSeconds > 0
  ) {
    return { status, retryAfterSeconds };
  }
  return { status: 'wrong' };
}

export function createKioskBridge(
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
  config: RendererConfig,
): KioskBridge {
  const frozen = Object.freeze({ ...config });
  return {
    getConfig: () => frozen,
    onStaffExitRequested: (listener) => {
      // Wrapped so the IPC event object (which holds `sender`) never reaches the page.
      const handler = (_event: IpcRendererEvent): void => {
        listener();
      };
      ipc.on(IPC_CHANNELS.staffExitRequested, handler);
      return () => {
        ipc.removeListener(IPC_CHANNELS.staffExitRequested, handler);
      };
    },
    submitStaffExitPin: async (pin) => {
      if (typeof pin !== 'string') return { status: 'wrong' };
      try {
        return toStaffExitResult(await ipc.invoke(IPC_CHANNELS.submitStaffExitPin, pin));
      } catch {
        // A failed check must read as a refusal, never as an error the page has to handle.
        return { status: 'wrong' };
      }
    },
    printReceipt: async (receipt) => {
      try {
        // Main checks the receipt and draws the slip; the preload only carries it.
        return toPrintResult(await ipc.invoke(IPC_CHANNELS.printReceipt, receipt));
      } catch {
        return PRINT_FAILED;
      }
    },
  };
}

/**
 * Files or links dropped on the kiosk must not be opened, and links or pictures must not
 * be dragged out of it; other drags inside the page are fine.
 */
export function blockExternalDrops(target: Pick<Window, 'addEventListener'>): void {
  const stop = (event: DragEvent): void => {
    const types = event.dataTransfer?.types ?? [];
    if (types.includes('Files') || types.includes('text/uri-list')) event.preventDefault();
  };
  target.addEventListener('dragover', stop);
  target.addEventListener('drop', stop);
  // Dragging a link or picture out of the kiosk would hand its URL to another app.
  target.addEventListener('dragstart', (event) => {
    const origin = event.target as { closest?: (selector: string) => unknown } | null;
    if (typeof origin?.closest === 'function' && origin.closest('a[href], img')) {
      event.preventDefault();
    }
  });
  target.addEventListener('contextmenu', (event) => {
    event.preventDefault();
  });
}
