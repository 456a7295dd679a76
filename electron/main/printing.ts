/**
 * Receipt printing for the pickup counter. An unattended kiosk prints silently to its
 * configured receipt printer (58/80 mm; the page's print stylesheet lays out the slip);
 * a staff laptop in windowed mode gets the system print dialog. A missing printer is a
 * sentence for the shopper and a log line for staff, never a crash.
 */
import type { IpcMain, PrinterInfo, WebContents } from 'electron';
import { IPC_CHANNELS, type PrintResult } from '../../shared/bridge';
import type { Activity } from './activity';
import type { KioskConfig } from './config';
import { isTrustedSender } from './ipc-sender';
import type { Logger } from './logging';

export const PRINTER_MISSING =
  'The receipt printer is not available right now. Please show this screen at the counter.';
export const PRINT_FAILED =
  'The receipt could not be printed. Please show this screen at the counter.';

export type PrintingContents = Pick<WebContents, 'print' | 'getPrintersAsync'>;

export interface PrintingOptions {
  /** Empty: the system's default printer. */
  printerName: KioskConfig['printerName'];
  mode: KioskConfig['mode'];
  log: Logger;
}

function print(
  contents: PrintingContents,
  options: Parameters<WebContents['print']>[0],
): Promise<{ success: boolean; reason: string }> {
  return new Promise((resolve) => {
    contents.print(options, (success, reason) => {
      resolve({ success, reason });
    });
  });
}

/** The receipt printer among `printers`: the named one, or (no name) the system's default. */
export function findReceiptPrinter(
  printers: readonly PrinterInfo[],
  printerName: string,
): PrinterInfo | undefined {
  return printerName === '' ? printers[0] : printers.find((p) => p.name === printerName);
}

export async function printReceipt(
  contents: PrintingContents,
  { printerName, mode, log }: PrintingOptions,
): Promise<PrintResult> {
  if (mode === 'windowed') {
    const { success, reason } = await print(contents, { silent: false, printBackground: true });
    // Cancelling the dialog is a choice, not a failure worth a message.
    if (success || /cancel/i.test(reason)) return { ok: true };
    log.warn(`Printing: the receipt did not print (${reason})`);
    return { ok: false, message: PRINT_FAILED };
  }
  const printers = await contents.getPrintersAsync();
  const printer = findReceiptPrinter(printers, printerName);
  if (!printer) {
    const known = printers.map((p) => `"${p.name}"`).join(', ') || 'none';
    log.warn(
      `Printing: receipt printer ${printerName === '' ? '(system default)' : `"${printerName}"`} not found; printers: ${known}`,
    );
    return { ok: false, message: PRINTER_MISSING };
  }
  const { success, reason } = await print(contents, {
    silent: true,
    // Empty deviceName means the system default, which exists: we just listed a printer.
    ...(printerName === '' ? {} : { deviceName: printerName }),
    printBackground: true,
    margins: { marginType: 'none' },
  });
  if (success) {
    log.info(`Printing: receipt sent to "${printer.name}"`);
    return { ok: true };
  }
  log.warn(`Printing: receipt to "${printer.name}" failed (${reason})`);
  return { ok: false, message: PRINT_FAILED };
}

export interface ReceiptPrintingOptions extends PrintingOptions {
  ipcMain: Pick<IpcMain, 'handle'>;
  /** Told while a receipt prints, so nothing disruptive happens meanwhile. */
  activity?: Pick<Activity, 'setBusy'>;
}

export interface ReceiptPrinting {
  /** The printer in force: a remote config changes it without a relaunch. */
  printerName(): string;
  setPrinterName(name: string): void;
}

export function setupReceiptPrinting({
  ipcMain,
  activity,
  ...initial
}: ReceiptPrintingOptions): ReceiptPrinting {
  const options = { ...initial };
  ipcMain.handle(IPC_CHANNELS.printReceipt, async (event): Promise<PrintResult> => {
    if (!isTrustedSender(event)) {
      options.log.warn(
        `IPC: rejected ${IPC_CHANNELS.printReceipt} from ${event.senderFrame?.url ?? 'a gone frame'}`,
      );
      return { ok: false, message: PRINT_FAILED };
    }
    activity?.setBusy('print', true);
    try {
      return await printReceipt(event.sender, options);
    } catch (error) {
      options.log.error(`Printing: ${error instanceof Error ? error.message : String(error)}`);
      return { ok: false, message: PRINT_FAILED };
    } finally {
      activity?.setBusy('print', false);
    }
  });
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
