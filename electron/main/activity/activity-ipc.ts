/**
 * The renderer's activity reports arrive here: each channel checks its sender (only the
 * app's own top-level page) and its message, and feeds the activity module. A report that
 * fails either check is dropped; one log line per channel says a stranger tried.
 */
import type { IpcMain, IpcMainEvent } from 'electron';
import { IPC_CHANNELS, KIOSK_SCREENS, type KioskScreen } from '../../../shared/bridge';
import type { Activity, CatalogueReport } from '../../../fleet-agent/kiosk/activity';
import { isTrustedSender } from '../ipc-sender';
import type { Logger } from '../logging/logging';

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

/** Printable text of at most `max` characters, or undefined. */
function lineOf(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' || value.length > max || /[\p{Cc}]/u.test(value)) return undefined;
  return value === '' ? undefined : value;
}

/**
 * A catalogue report as main keeps it, or null. Counts and times must be whole and not in
 * the future; a source or failure that fails its check is left out, the counts still count.
 */
function toCatalogueReport(info: unknown, latest: number): CatalogueReport | null {
  if (typeof info !== 'object' || info === null) return null;
  const { products, fetchedAt, source, refreshFailure } = info as Record<string, unknown>;
  if (!isWhole(products, 1_000_000) || !isWhole(fetchedAt, latest)) return null;
  const report: CatalogueReport = { products, fetchedAt };
  const origin = lineOf(source, 256);
  if (origin !== undefined) report.source = origin;
  if (refreshFailure === null) report.refreshFailure = null;
  else if (typeof refreshFailure === 'object') {
    const { at, message } = refreshFailure as Record<string, unknown>;
    const text = lineOf(message, 200);
    if (isWhole(at, latest) && text !== undefined) report.refreshFailure = { at, message: text };
  }
  return report;
}

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
  let loggedFailureAt: number | null = null;
  on(IPC_CHANNELS.reportCatalogue, (info) => {
    const report = toCatalogueReport(info, now() + FUTURE_SLACK_MS);
    if (!report) return;
    // A failed refresh is the one thing an operator must hear about: logged once per failure.
    const failure = report.refreshFailure;
    if (failure && failure.at !== loggedFailureAt) {
      loggedFailureAt = failure.at;
      log.warn(
        `Catalogue: a background refresh failed, the kiosk keeps its list of ${report.products} products from ${new Date(report.fetchedAt).toISOString()}: ${failure.message}`,
      );
    }
    activity.catalogueLoaded(report);
  });
}
