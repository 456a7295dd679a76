import type { IpcMain, PrinterInfo } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  PRINT_FAILED,
  PRINTER_MISSING,
  printReceipt,
  setupReceiptPrinting,
  type PrintingContents,
} from '../../../electron/main/printing';
import { IPC_CHANNELS } from '../../../shared/bridge';
import { as, fakeLogger, ipcEventFrom } from '../support/fake-electron';

vi.mock('electron', () => ({}));

type Handler = (event: unknown, ...args: unknown[]) => unknown;

const printer = (name: string): PrinterInfo => ({
  name,
  displayName: name,
  description: '',
  options: {},
});

function fakeContents(printers: PrinterInfo[], outcome: [boolean, string] = [true, '']) {
  const print = vi.fn(
    (_options: unknown, callback?: (success: boolean, reason: string) => void) => {
      callback?.(...outcome);
    },
  );
  const contents = { print, getPrintersAsync: vi.fn(() => Promise.resolve(printers)) };
  return { contents: as<PrintingContents>(contents), print };
}

function handlerFor(options: { printerName: string; mode: 'kiosk' | 'windowed' }) {
  const handlers = new Map<string, Handler>();
  const ipcMain = { handle: (channel: string, handler: Handler) => handlers.set(channel, handler) };
  const log = fakeLogger();
  setupReceiptPrinting({ ipcMain: as<IpcMain>(ipcMain), log, ...options });
  const handler = handlers.get(IPC_CHANNELS.printReceipt);
  if (!handler) throw new Error('no print handler registered');
  return { handler, log };
}

describe('receipt printing in the main process', () => {
  it('prints silently to the configured receipt printer', async () => {
    const { contents, print } = fakeContents([printer('Office A4'), printer('TM-T20 Receipt')]);
    const log = fakeLogger();
    await expect(
      printReceipt(contents, { printerName: 'TM-T20 Receipt', mode: 'kiosk', log }),
    ).resolves.toEqual({ ok: true });
    expect(print).toHaveBeenCalledWith(
      expect.objectContaining({
        silent: true,
        deviceName: 'TM-T20 Receipt',
        printBackground: true,
      }),
      expect.any(Function),
    );
  });

  it('a missing printer gives the shopper a clear message, logs the printers it found, and prints nothing', async () => {
    const { contents, print } = fakeContents([printer('Office A4')]);
    const log = fakeLogger();
    await expect(
      printReceipt(contents, { printerName: 'TM-T20 Receipt', mode: 'kiosk', log }),
    ).resolves.toEqual({ ok: false, message: PRINTER_MISSING });
    expect(print).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('"Office A4"'));
    const none = fakeContents([]);
    await expect(
      printReceipt(none.contents, { printerName: '', mode: 'kiosk', log }),
    ).resolves.toEqual({ ok: false, message: PRINTER_MISSING });
  });

  it('uses the system default printer when none is configured', async () => {
    const { contents, print } = fakeContents([printer('Default')]);
    await printReceipt(contents, { printerName: '', mode: 'kiosk', log: fakeLogger() });
    const [options] = print.mock.calls[0]!;
    expect(options).toMatchObject({ silent: true });
    expect(options).not.toHaveProperty('deviceName');
  });

  it('a failed print job is a message, not a crash', async () => {
    const { contents } = fakeContents([printer('R')], [false, 'Print job failed']);
    await expect(
      printReceipt(contents, { printerName: 'R', mode: 'kiosk', log: fakeLogger() }),
    ).resolves.toEqual({ ok: false, message: PRINT_FAILED });
  });

  it('staff mode opens the system print dialog; cancelling it is no error', async () => {
    const { contents, print } = fakeContents([], [false, 'Print job canceled']);
    await expect(
      printReceipt(contents, { printerName: 'R', mode: 'windowed', log: fakeLogger() }),
    ).resolves.toEqual({ ok: true });
    expect(print).toHaveBeenCalledWith(
      expect.objectContaining({ silent: false }),
      expect.any(Function),
    );
  });

  it('answers only the app’s own top frame', async () => {
    const { handler, log } = handlerFor({ printerName: 'R', mode: 'kiosk' });
    const { contents, print } = fakeContents([printer('R')]);
    const foreign = { ...(ipcEventFrom('https://evil.example/') as object), sender: contents };
    await expect(handler(foreign)).resolves.toEqual({ ok: false, message: PRINT_FAILED });
    expect(print).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('rejected'));
    const own = { ...(ipcEventFrom('app://shop/index.html') as object), sender: contents };
    await expect(handler(own)).resolves.toEqual({ ok: true });
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('an exception while printing becomes a message', async () => {
    const { handler, log } = handlerFor({ printerName: '', mode: 'kiosk' });
    const contents = {
      print: vi.fn(),
      getPrintersAsync: () => Promise.reject(new Error('printing service down')),
    };
    const event = { ...(ipcEventFrom('app://shop/index.html') as object), sender: contents };
    await expect(handler(event)).resolves.toEqual({ ok: false, message: PRINT_FAILED });
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('printing service down'));
  });
});
