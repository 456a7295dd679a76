/**
 * Receipt printing for the pickup counter. The renderer sends the receipt's data; main
 * checks it (printable-receipt.ts), draws the slip itself (receipt-slip.ts) in a hidden
 * window with no preload and no script (slip-window.ts), and prints that: silently to the
 * configured receipt printer in a kiosk, through the system print dialog in staff mode.
 *
 * Bounds: one print at a time, at most MAX_PRINTS_PER_RECEIPT per receipt id, and
 * PRINT_TIMEOUT_MS for the whole job, after which the window is destroyed and the print
 * reported as failed (the renderer's idle timer, paused while printing, then resumes). A
 * missing printer is a sentence for the shopper and a log line for staff, never a crash.
 */
import type { IpcMain, PrinterInfo, WebContents } from 'electron';
import { IPC_CHANNELS, type PrintResult } from '../../../shared/bridge';
import type { PrintableReceipt } from '../../../shared/printable-receipt';
import type { Activity } from '../../../fleet-agent/kiosk/activity';
import type { KioskConfig } from '../config/config';
import { isTrustedSender } from '../ipc-sender';
import type { Logger } from '../logging/logging';
import { readPrintableReceipt } from './printable-receipt';
import { receiptSlipUrl } from './receipt-slip';

export const PRINTER_MISSING =
  'The receipt printer is not available right now. Please show this screen at the counter.';
export const PRINT_FAILED =
  'The receipt could not be printed. Please show this screen at the counter.';
export const PRINT_LIMIT_REACHED =
  'This receipt has already been printed twice. Please show this screen at the counter.';
export const PRINT_BUSY = 'A receipt is printing right now. Please wait a moment and try again.';

export const PRINT_TIMEOUT_MS = 30_000;
export const MAX_PRINTS_PER_RECEIPT = 2;
/** Receipt ids whose prints are counted; the oldest is forgotten first, so memory stays bounded. */
export const REMEMBERED_RECEIPTS = 1_000;

/** What printing needs of the hidden slip window (a BrowserWindow from slip-window.ts). */
export interface SlipWindow {
  readonly webContents: Pick<WebContents, 'print' | 'getPrintersAsync'>;
  loadURL(url: string): Promise<void>;
  destroy(): void;
  isDestroyed(): boolean;
}

export interface PrintingOptions {
  /** Empty: the system's default printer, whatever printers there are. */
  printerName: KioskConfig['printerName'];
  mode: KioskConfig['mode'];
  log: Logger;
  openSlipWindow: () => SlipWindow;
  timeoutMs?: number;
}

/** How one job ended; `printed` is false when nothing reached a printer (it then does not count). */
type Outcome = { result: PrintResult; printed: boolean } | { timedOut: true; printed: boolean };

function print(
  contents: SlipWindow['webContents'],
  options: Parameters<WebContents['print']>[0],
): Promise<{ success: boolean; reason: string }> {
  return new Promise((resolve) => {
    contents.print(options, (success, reason) => {
      resolve({ success, reason });
    });
  });
}

export class ReceiptPrinter {
  private readonly printsById = new Map<string, number>();
  private busy = false;

  constructor(private readonly options: PrintingOptions) {}

  /** Prints `data` if it is a receipt within the limits; never throws. */
  async print(data: unknown): Promise<PrintResult> {
    const { log } = this.options;
    const receipt = readPrintableReceipt(data);
    if (typeof receipt === 'string') {
      log.warn(`Printing: refused a receipt that is not one (${receipt})`);
      return { ok: false, message: PRINT_FAILED };
    }
    if (this.busy) {
      log.warn(`Printing: ${receipt.id} refused, another receipt is printing`);
      return { ok: false, message: PRINT_BUSY };
    }
    const before = this.printsById.get(receipt.id) ?? 0;
    if (before >= MAX_PRINTS_PER_RECEIPT) {
      log.warn(`Printing: ${receipt.id} refused, already printed ${before} times`);
      return { ok: false, message: PRINT_LIMIT_REACHED };
    }
    this.busy = true;
    this.count(receipt.id, before + 1);
    let window: SlipWindow | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const progress = { printed: false };
    try {
      window = this.options.openSlipWindow();
      const slip = window;
      const timeoutMs = this.options.timeoutMs ?? PRINT_TIMEOUT_MS;
      const timedOut = new Promise<Outcome>((resolve) => {
        timer = setTimeout(() => {
          resolve({ timedOut: true, printed: progress.printed });
        }, timeoutMs);
      });
      const outcome = await Promise.race([this.printSlip(slip, receipt, progress), timedOut]);
      if (!outcome.printed) this.count(receipt.id, before);
      if ('timedOut' in outcome) {
        log.warn(`Printing: ${receipt.id} did not finish within ${timeoutMs / 1000} s; abandoned`);
        return { ok: false, message: PRINT_FAILED };
      }
      return outcome.result;
    } catch (error) {
      if (!progress.printed) this.count(receipt.id, before);
      log.error(`Printing: ${error instanceof Error ? error.message : String(error)}`);
      return { ok: false, message: PRINT_FAILED };
    } finally {
      clearTimeout(timer);
      if (window && !window.isDestroyed()) window.destroy();
      this.busy = false;
    }
  }

  private count(id: string, prints: number): void {
    this.printsById.delete(id);
    if (prints === 0) return;
    this.printsById.set(id, prints);
    if (this.printsById.size > REMEMBERED_RECEIPTS) {
      const [oldest] = this.printsById.keys();
      if (oldest !== undefined) this.printsById.delete(oldest);
    }
  }

  /** `progress.printed` turns true once the slip is handed to a printer or its dialog. */
  private async printSlip(
    window: SlipWindow,
    receipt: PrintableReceipt,
    progress: { printed: boolean },
  ): Promise<Outcome> {
    const { printerName, mode, log } = this.options;
    const contents = window.webContents;
    if (mode === 'windowed') {
      await window.loadURL(receiptSlipUrl(receipt));
      progress.printed = true;
      const { success, reason } = await print(contents, { silent: false, printBackground: true });
      // Cancelling the dialog is a choice, not a failure worth a message, and prints nothing.
      if (!success && /cancel/i.test(reason)) return { result: { ok: true }, printed: false };
      if (success) return { result: { ok: true }, printed: true };
      log.warn(`Printing: ${receipt.id} did not print (${reason})`);
      return { result: { ok: false, message: PRINT_FAILED }, printed: true };
    }
    const printers = await contents.getPrintersAsync();
    const target = printerName === '' ? 'the system default printer' : `"${printerName}"`;
    const missing =
      printerName === '' ? printers.length === 0 : !printers.some((p) => p.name === printerName);
    if (missing) {
      const known = printers.map((p) => `"${p.name}"`).join(', ') || 'none';
      log.warn(`Printing: receipt printer ${target} not found; printers: ${known}`);
      return { result: { ok: false, message: PRINTER_MISSING }, printed: false };
    }
    await window.loadURL(receiptSlipUrl(receipt));
    progress.printed = true;
    const { success, reason } = await print(contents, {
      silent: true,
      // No deviceName: Chromium prints to the system default printer.
      ...(printerName === '' ? {} : { deviceName: printerName }),
      printBackground: true,
      margins: { marginType: 'none' },
    });
    if (success) {
      log.info(`Printing: ${receipt.id} sent to ${target}`);
      return { result: { ok: true }, printed: true };
    }
    log.warn(`Printing: ${receipt.id} to ${target} failed (${reason})`);
    return { result: { ok: false, message: PRINT_FAILED }, printed: true };
  }
}

export interface ReceiptPrintingOptions extends PrintingOptions {
  ipcMain: Pick<IpcMain, 'handle'>;
  /** Told while a receipt prints, so nothing disruptive happens meanwhile. */
  activity?: Pick<Activity, 'setBusy'>;
}

/** The receipt printer among `printers`: the named one, or (no name) the system's default. */
export function findReceiptPrinter(
  printers: readonly PrinterInfo[],
  printerName: string,
): PrinterInfo | undefined {
  return printerName === '' ? printers[0] : printers.find((p) => p.name === printerName);
}

/**
 * Whether the receipt printer is there, as printing would look for it; null when there is
 * no page to ask or the question fails.
 */
export async function receiptPrinterAvailable(
  contents: { getPrintersAsync(): Promise<PrinterInfo[]> } | null,
  printerName: string,
): Promise<boolean | null> {
  if (!contents) return null;
  try {
    return findReceiptPrinter(await contents.getPrintersAsync(), printerName) !== undefined;
  } catch {
    return null;
  }
}

export interface ReceiptPrinting {
  /** The printer in force: a remote config changes it without a relaunch. */
  printerName(): string;
  setPrinterName(name: string): void;
}

export function setupReceiptPrinting({
  ipcMain,
  activity,
  ...options
}: ReceiptPrintingOptions): ReceiptPrinting {
  const printer = new ReceiptPrinter(options);
  if (options.mode === 'kiosk' && options.printerName === '') {
    options.log.info('Printing: no printerName set; receipts go to the system default printer');
  }
  ipcMain.handle(
    IPC_CHANNELS.printReceipt,
    async (event, receipt: unknown): Promise<PrintResult> => {
      if (!isTrustedSender(event)) {
        options.log.warn(
          `IPC: rejected ${IPC_CHANNELS.printReceipt} from ${event.senderFrame?.url ?? 'a gone frame'}`,
        );
        return { ok: false, message: PRINT_FAILED };
      }
      activity?.setBusy('print', true);
      try {
        return await printer.print(receipt);
      } finally {
        activity?.setBusy('print', false);
      }
    },
  );
  return {
    printerName: () => options.printerName,
    setPrinterName: (name) => {
      if (name === options.printerName) return;
      options.log.info(
        `Printing: receipt printer now ${name === '' ? '(system default)' : `"${name}"`}`,
      );
      options.printerName = name;
    },
  };
}
