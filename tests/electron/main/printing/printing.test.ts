import { join } from 'node:path';
import type { IpcMain, PrinterInfo } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_PRINTS_PER_RECEIPT,
  PRINT_BUSY,
  PRINT_FAILED,
  PRINT_LIMIT_REACHED,
  PRINT_TIMEOUT_MS,
  PRINTER_MISSING,
  REMEMBERED_RECEIPTS,
  ReceiptPrinter,
  receiptPrinterAvailable,
  setupReceiptPrinting,
  type PrintingOptions,
} from '../../../../electron/main/printing/printing';
import { receiptSlipHtml } from '../../../../electron/main/printing/receipt-slip';
import { IPC_CHANNELS } from '../../../../shared/bridge';
import type { PrintableReceipt } from '../../../../shared/printable-receipt';
import { as, FakeBrowserWindow, fakeLogger, ipcEventFrom } from '../../support/fake-electron';
import { englishMessages } from '../../../../vite-plugins/message-sources.mts';

vi.mock('electron', () => ({}));

type Handler = (event: unknown, ...args: unknown[]) => unknown;
type PrintCallback = (success: boolean, reason: string) => void;

const printer = (name: string): PrinterInfo => ({
  name,
  displayName: name,
  description: '',
  options: {},
});

const receipt = (id = 'Receipt-1700000000123-42'): PrintableReceipt => ({
  id,
  issuedAt: 1700000000123,
  lines: [{ title: '<img src=x onerror=alert(1)>', quantity: 2, lineTotal: 21990 }],
  savings: 0,
  tax: 4398,
  total: 26388,
});

/**
 * Slip windows as fakes: each prints with `outcome` (or never answers when it is 'hang')
 * on printers named `printers`.
 */
function slipWindows(printers: string[], outcome: [boolean, string] | 'hang' = [true, '']) {
  const windows: FakeBrowserWindow[] = [];
  const open = vi.fn(() => {
    const window = new FakeBrowserWindow({});
    window.webContents.getPrintersAsync.mockResolvedValue(printers.map(printer));
    window.webContents.print.mockImplementation((_options: unknown, callback?: PrintCallback) => {
      if (outcome !== 'hang') callback?.(...outcome);
    });
    windows.push(window);
    return window;
  });
  return { windows, open };
}

function printerFor(options: Partial<PrintingOptions> & Pick<PrintingOptions, 'openSlipWindow'>): {
  printer: ReceiptPrinter;
  log: ReturnType<typeof fakeLogger>;
} {
  const log = fakeLogger();
  return {
    printer: new ReceiptPrinter({ printerName: 'Receipt', mode: 'kiosk', log, ...options }),
    log,
  };
}

const printOptions = (window: FakeBrowserWindow) => window.webContents.print.mock.calls[0]?.[0];

describe('receipt printing in the main process', () => {
  it('draws the slip from the data in a window of its own and prints it silently', async () => {
    const { windows, open } = slipWindows(['Office A4', 'Receipt']);
    const { printer, log } = printerFor({ openSlipWindow: open });
    await expect(printer.print(receipt())).resolves.toEqual({ ok: true });
    const [window] = windows;
    const url = window!.loadURL.mock.calls[0]![0];
    expect(url).toMatch(/^data:text\/html;charset=utf-8;base64,/);
    const html = Buffer.from(url.split(',')[1]!, 'base64').toString('utf8');
    expect(html).toBe(receiptSlipHtml(receipt()));
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(printOptions(window!)).toMatchObject({
      silent: true,
      deviceName: 'Receipt',
      printBackground: true,
    });
    expect(window!.destroy).toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining('sent to "Receipt"'));
  });

  it('prints nothing the renderer sent that is not a receipt, and opens no window', async () => {
    const { open } = slipWindows(['Receipt']);
    const { printer, log } = printerFor({ openSlipWindow: open });
    for (const bad of [
      undefined,
      '<html><script>alert(1)</script></html>',
      { ...receipt(), html: '<b>x</b>' },
      { ...receipt(), total: 1.5 },
      { ...receipt(), lines: [] },
    ]) {
      await expect(printer.print(bad)).resolves.toEqual({ ok: false, message: PRINT_FAILED });
    }
    expect(open).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/refused a receipt.*total/));
  });

  it('an empty printerName means the system default printer, never the first one listed', async () => {
    const { windows, open } = slipWindows(['Office A4', 'Receipt']);
    const { printer, log } = printerFor({ openSlipWindow: open, printerName: '' });
    await expect(printer.print(receipt())).resolves.toEqual({ ok: true });
    const options = printOptions(windows[0]!);
    expect(options).toMatchObject({ silent: true });
    expect(options).not.toHaveProperty('deviceName');
    expect(log.info).toHaveBeenCalledWith(
      expect.stringContaining('sent to the system default printer'),
    );
    expect(JSON.stringify(log.info.mock.calls)).not.toContain('Office A4');
  });

  it('with no printer at all, or without the configured one, says so, prints nothing and does not count', async () => {
    const none = slipWindows([]);
    const { printer: byDefault } = printerFor({ openSlipWindow: none.open, printerName: '' });
    await expect(byDefault.print(receipt())).resolves.toEqual({
      ok: false,
      message: PRINTER_MISSING,
    });
    const other = slipWindows(['Office A4']);
    const { printer, log } = printerFor({ openSlipWindow: other.open });
    for (let attempt = 0; attempt < MAX_PRINTS_PER_RECEIPT + 1; attempt += 1) {
      await expect(printer.print(receipt())).resolves.toEqual({
        ok: false,
        message: PRINTER_MISSING,
      });
    }
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('printers: "Office A4"'));
    for (const window of [...none.windows, ...other.windows]) {
      expect(window.webContents.print).not.toHaveBeenCalled();
      expect(window.loadURL).not.toHaveBeenCalled();
      expect(window.destroy).toHaveBeenCalled();
    }
  });

  it('a failed print job is a message, not a crash', async () => {
    const { open } = slipWindows(['Receipt'], [false, 'Print job failed']);
    const { printer, log } = printerFor({ openSlipWindow: open });
    await expect(printer.print(receipt())).resolves.toEqual({ ok: false, message: PRINT_FAILED });
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('Print job failed'));
  });

  it('staff mode opens the system print dialog; a cancelled dialog is no error and does not count', async () => {
    const { windows, open } = slipWindows([], [false, 'Print job canceled']);
    const { printer } = printerFor({ openSlipWindow: open, mode: 'windowed' });
    for (let attempt = 0; attempt < MAX_PRINTS_PER_RECEIPT + 1; attempt += 1) {
      await expect(printer.print(receipt())).resolves.toEqual({ ok: true });
    }
    expect(printOptions(windows[0]!)).toMatchObject({ silent: false });
    expect(windows).toHaveLength(MAX_PRINTS_PER_RECEIPT + 1);
  });

  it('prints a receipt at most twice; a third time is refused in words, and other receipts still print', async () => {
    expect(MAX_PRINTS_PER_RECEIPT).toBe(2);
    const { open } = slipWindows(['Receipt'], [false, 'Print job failed']);
    const { printer, log } = printerFor({ openSlipWindow: open });
    await printer.print(receipt());
    await printer.print(receipt());
    await expect(printer.print(receipt())).resolves.toEqual({
      ok: false,
      message: PRINT_LIMIT_REACHED,
    });
    expect(open).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('already printed 2 times'));
    await expect(printer.print(receipt('Receipt-1700000000999-1'))).resolves.not.toEqual({
      ok: false,
      message: PRINT_LIMIT_REACHED,
    });
  });

  // A thousand slips drawn: seconds on a busy machine.
  it(
    'remembers a bounded number of receipts, forgetting the oldest first',
    { timeout: 30_000 },
    async () => {
      const { open } = slipWindows(['Receipt']);
      const { printer } = printerFor({ openSlipWindow: open });
      const id = (n: number) => `Receipt-${1700000000000 + n}-1`;
      for (let n = 0; n <= REMEMBERED_RECEIPTS; n += 1) await printer.print(receipt(id(n)));
      await printer.print(receipt(id(REMEMBERED_RECEIPTS)));
      await expect(printer.print(receipt(id(REMEMBERED_RECEIPTS)))).resolves.toMatchObject({
        message: PRINT_LIMIT_REACHED,
      });
      // Forgotten: it may print twice more.
      await expect(printer.print(receipt(id(0)))).resolves.toEqual({ ok: true });
      await expect(printer.print(receipt(id(0)))).resolves.toEqual({ ok: true });
    },
  );

  describe('a print that hangs', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('is abandoned after 30 s: the window destroyed, the print reported as failed', async () => {
      expect(PRINT_TIMEOUT_MS).toBe(30_000);
      const { windows, open } = slipWindows(['Receipt'], 'hang');
      const { printer, log } = printerFor({ openSlipWindow: open });
      let answer: unknown = null;
      void printer.print(receipt()).then((result) => {
        answer = result;
      });
      await vi.advanceTimersByTimeAsync(PRINT_TIMEOUT_MS - 1);
      expect(answer).toBeNull();
      expect(windows[0]!.destroy).not.toHaveBeenCalled();
      await expect(printer.print(receipt('Receipt-1700000000999-1'))).resolves.toEqual({
        ok: false,
        message: PRINT_BUSY,
      });
      await vi.advanceTimersByTimeAsync(1);
      expect(answer).toEqual({ ok: false, message: PRINT_FAILED });
      expect(windows[0]!.destroy).toHaveBeenCalled();
      expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('within 30 s; abandoned'));
    });

    it('counts once it reached the printer, and frees the printer for the next job', async () => {
      const { open } = slipWindows(['Receipt'], 'hang');
      const { printer } = printerFor({ openSlipWindow: open });
      for (let attempt = 0; attempt < MAX_PRINTS_PER_RECEIPT; attempt += 1) {
        const pending = printer.print(receipt());
        await vi.advanceTimersByTimeAsync(PRINT_TIMEOUT_MS);
        await expect(pending).resolves.toEqual({ ok: false, message: PRINT_FAILED });
      }
      await expect(printer.print(receipt())).resolves.toMatchObject({
        message: PRINT_LIMIT_REACHED,
      });
    });

    it('a slip that never loads is abandoned too, and does not count', async () => {
      const { windows, open } = slipWindows(['Receipt']);
      const { printer } = printerFor({
        openSlipWindow: () => {
          const window = open();
          window.loadURL.mockImplementation(() => new Promise<void>(() => undefined));
          return window;
        },
      });
      for (let attempt = 0; attempt < MAX_PRINTS_PER_RECEIPT + 1; attempt += 1) {
        const pending = printer.print(receipt());
        await vi.advanceTimersByTimeAsync(PRINT_TIMEOUT_MS);
        await expect(pending).resolves.toEqual({ ok: false, message: PRINT_FAILED });
      }
      expect(windows.every((window) => window.destroyed)).toBe(true);
      expect(windows.some((window) => window.webContents.print.mock.calls.length > 0)).toBe(false);
    });
  });
});

describe('the print channel', () => {
  function handlerFor(openSlipWindow: PrintingOptions['openSlipWindow'], printerName = 'Receipt') {
    const handlers = new Map<string, Handler>();
    const ipcMain = {
      handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
    };
    const log = fakeLogger();
    setupReceiptPrinting({
      ipcMain: as<IpcMain>(ipcMain),
      log,
      printerName,
      mode: 'kiosk',
      openSlipWindow,
    });
    const handler = handlers.get(IPC_CHANNELS.printReceipt);
    if (!handler) throw new Error('no print handler registered');
    return { handler, log };
  }

  it('answers only the app’s own top frame, and prints the receipt it was sent', async () => {
    const { windows, open } = slipWindows(['Receipt']);
    const { handler, log } = handlerFor(open);
    await expect(handler(ipcEventFrom('https://evil.example/'), receipt())).resolves.toEqual({
      ok: false,
      message: PRINT_FAILED,
    });
    expect(open).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('rejected'));
    await expect(handler(ipcEventFrom('app://shop/index.html'), receipt())).resolves.toEqual({
      ok: true,
    });
    expect(windows[0]!.webContents.print).toHaveBeenCalledTimes(1);
  });

  it('says at start which printer an empty printerName means', () => {
    const { log } = handlerFor(slipWindows([]).open, '');
    expect(log.info).toHaveBeenCalledWith(
      'Printing: no printerName set; receipts go to the system default printer',
    );
  });

  it('an exception while printing becomes a message, and does not count', async () => {
    const { handler, log } = handlerFor(() => {
      throw new Error('no window for you');
    });
    const event = ipcEventFrom('app://shop/index.html');
    for (let attempt = 0; attempt < MAX_PRINTS_PER_RECEIPT + 1; attempt += 1) {
      await expect(handler(event, receipt())).resolves.toEqual({
        ok: false,
        message: PRINT_FAILED,
      });
    }
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('no window for you'));
    expect(log.warn).not.toHaveBeenCalledWith(expect.stringContaining('already printed'));
  });
});

describe('what a failed print says', () => {
  it('is a sentence the shop says in the shopper’s language: its English is a message', () => {
    const english = new Set(
      [...englishMessages(join(__dirname, '../../../../src')).values()].map(({ text }) => text),
    );
    for (const sentence of [PRINT_FAILED, PRINTER_MISSING, PRINT_LIMIT_REACHED, PRINT_BUSY]) {
      expect(english, sentence).toContain(sentence);
    }
  });
});

describe('the receipt printer as health sees it', () => {
  const printers = (...names: string[]) =>
    names.map((name) => as<PrinterInfo>({ name, displayName: name }));
  const contents = (list: PrinterInfo[]) => ({ getPrintersAsync: () => Promise.resolve(list) });

  it('finds the receipt printer as printing does: the named one, or any for the default', async () => {
    expect(await receiptPrinterAvailable(contents(printers('A4', 'TM-T20')), 'TM-T20')).toBe(true);
    expect(await receiptPrinterAvailable(contents(printers('A4')), 'TM-T20')).toBe(false);
    expect(await receiptPrinterAvailable(contents(printers('A4')), '')).toBe(true);
    expect(await receiptPrinterAvailable(contents([]), '')).toBe(false);
    expect(await receiptPrinterAvailable(null, '')).toBeNull();
    const failing = { getPrintersAsync: () => Promise.reject(new Error('cups down')) };
    expect(await receiptPrinterAvailable(failing, '')).toBeNull();
  });
});
