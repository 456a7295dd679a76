/**
 * The renderer's activity reports arrive here: each channel checks its sender (only the
 * app's own top-level page) and its message, and feeds the activity module. A report that
 * fails either check is dropped; one log line per channel says a stranger tried.
 */
import type { IpcMain, IpcMainEvent } from 'electron';
import { IPC_CHANNELS, KIOSK_SCREENS, type KioskScreen } from '../../shared/bridge';
import type { Activity } from './activity';
import { isTrustedSender } from './ipc-sender';
import type { Logger } from './logging';

export interface ActivityIpcOptions {
  ipcMain: Pick<IpcMain, 'on'>;
  activity: Activity;
  log: Logger;
  now?: () => number;
}

const isScreen = (value: unknown): value is KioskScreen =>
  (KIOSK_SCREENS as readonly unknown[]).includes(value);

const isWhole = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max;

/** A day of clock difference between renderer and main is plenty. */
const FUTURE_SLACK_MS = 86_400_000;

export function setupActivityIpc({
  ipcMain,
  activity,
  log,
  now = Date.now,
}: ActivityIpcOptions): void {
  const refusedOnce = new Set<string>();

  const on = (channel: string, handle: (...args: unknown[]) => void): void => {
    ipcMain.on(channel, (event: IpcMainEvent, ...args: unknown[]) => {
      if (!isTrustedSender(event)) {
        if (!refusedOnce.has(channel)) {
          refusedOnce.add(channel);
          log.warn(`IPC: rejected ${channel} from ${event.senderFrame?.url ?? 'a gone frame'}`);
        }
        return;
      }
      handle(...args);
    });
  };

  on(IPC_CHANNELS.reportScreen, (screen) => {
    if (isScreen(screen)) activity.setScreen(screen);
  });
  on(IPC_CHANNELS.reportInput, () => {
    activity.input();
  });
  on(IPC_CHANNELS.reportDialog, (open) => {
    if (typeof open === 'boolean') activity.setBusy('dialog', open);
  });
  on(IPC_CHANNELS.reportIdleWipe, () => {
    activity.idleWiped();
  });
  on(IPC_CHANNELS.reportReceipt, () => {
    activity.receiptIssued();
  });
  on(IPC_CHANNELS.reportCatalogue, (info) => {
    if (typeof info !== 'object' || info === null) return;
    const { products, fetchedAt } = info as Record<string, unknown>;
    if (!isWhole(products, 1_000_000) || !isWhole(fetchedAt, now() + FUTURE_SLACK_MS)) return;
    activity.catalogueLoaded({ products, fetchedAt });
  });
}
