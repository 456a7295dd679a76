/**
 * Every IPC handler checks who is calling: only the app's own top-level page may use the
 * bridge, never an iframe or a page that somehow navigated elsewhere.
 */
import type { IpcMainEvent, IpcMainInvokeEvent } from 'electron';
import { isAppUrl } from './app-protocol/app-origin';

export function isTrustedSender(event: IpcMainEvent | IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  // Only the main frame: an embedded frame on the app origin is not expected either.
  if (frame.parent !== null) return false;
  return isAppUrl(frame.url);
}
