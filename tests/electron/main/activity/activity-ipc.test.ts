import type { IpcMain } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { createActivity } from '../../../../fleet-agent/kiosk/activity';
import { setupActivityIpc } from '../../../../electron/main/activity/activity-ipc';
import { IPC_CHANNELS } from '../../../../shared/bridge';

vi.mock('electron', () => ({}));

type Listener = (event: unknown, ...args: unknown[]) => void;

const APP = { senderFrame: { url: 'app://shop/index.html', parent: null } };
const STRANGER = { senderFrame: { url: 'https://evil.example/', parent: null } };
const IFRAME = { senderFrame: { url: 'app://shop/index.html', parent: {} } };

function setup() {
  const listeners = new Map<string, Listener>();
  const ipcMain = { on: (channel: string, listener: Listener) => listeners.set(channel, listener) };
  const activity = createActivity({ idleWipeEnabled: () => true, now: () => 1000 });
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  setupActivityIpc({ ipcMain: ipcMain as unknown as IpcMain, activity, log, now: () => 1000 });
  const send = (event: unknown, channel: string, ...args: unknown[]) => {
    const listener = listeners.get(channel);
    if (!listener) throw new Error(`nothing listens on ${channel}`);
    listener(event, ...args);
  };
  return { activity, log, send, listeners };
}

describe('activity reports over IPC', () => {
  it('listens on every report channel', () => {
    const { listeners } = setup();
    expect([...listeners.keys()].sort()).toEqual(
      [
        IPC_CHANNELS.reportScreen,
        IPC_CHANNELS.reportInput,
        IPC_CHANNELS.reportDialog,
        IPC_CHANNELS.reportIdleWipe,
        IPC_CHANNELS.reportReceipt,
        IPC_CHANNELS.reportCatalogue,
      ].sort(),
    );
  });

  it('feeds the activity from the app’s own page', () => {
    const { activity, send } = setup();
    send(APP, IPC_CHANNELS.reportScreen, 'shopping');
    send(APP, IPC_CHANNELS.reportDialog, true);
    send(APP, IPC_CHANNELS.reportIdleWipe);
    send(APP, IPC_CHANNELS.reportReceipt);
    send(APP, IPC_CHANNELS.reportCatalogue, { products: 20, fetchedAt: 900 });
    expect(activity.snapshot()).toMatchObject({
      screen: 'shopping',
      busy: ['dialog'],
      idleWipes: 1,
      receipts: 1,
      catalogue: { products: 20, fetchedAt: 900 },
    });
  });

  it('drops reports from any other frame, logging once per channel', () => {
    const { activity, send, log } = setup();
    for (const event of [STRANGER, IFRAME, { senderFrame: null }]) {
      send(event, IPC_CHANNELS.reportScreen, 'receipt');
      send(event, IPC_CHANNELS.reportReceipt);
    }
    expect(activity.snapshot()).toMatchObject({ screen: 'attract', receipts: 0 });
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledWith(
      `IPC: rejected ${IPC_CHANNELS.reportScreen} from https://evil.example/`,
    );
  });

  it.each([
    [IPC_CHANNELS.reportScreen, ['checkout']],
    [IPC_CHANNELS.reportScreen, [{ screen: 'shopping' }]],
    [IPC_CHANNELS.reportDialog, ['yes']],
    [IPC_CHANNELS.reportCatalogue, [{ products: -1, fetchedAt: 900 }]],
    [IPC_CHANNELS.reportCatalogue, [{ products: 1.5, fetchedAt: 900 }]],
    [IPC_CHANNELS.reportCatalogue, [{ products: 20, fetchedAt: 1000 + 2 * 86_400_000 }]],
    [IPC_CHANNELS.reportCatalogue, ['20']],
    [IPC_CHANNELS.reportCatalogue, [{ source: 'embedded', fetchedAt: 900 }]],
  ])('ignores a malformed message on %s: %j', (channel, args) => {
    const { activity, send } = setup();
    const before = activity.snapshot();
    send(APP, channel, ...args);
    expect(activity.snapshot()).toEqual(before);
  });

  it('keeps the catalogue’s source and refresh failure, and logs each failure once', () => {
    const { activity, send, log } = setup();
    const failure = { at: 950, message: 'Failed to fetch products' };
    const report = { products: 20, fetchedAt: 900, source: 'https://shop.example' };
    send(APP, IPC_CHANNELS.reportCatalogue, { ...report, refreshFailure: failure });
    send(APP, IPC_CHANNELS.reportCatalogue, { ...report, refreshFailure: failure });
    expect(activity.snapshot().catalogue).toEqual({ ...report, refreshFailure: failure });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /^Catalogue: a background refresh failed, the kiosk keeps its list of 20 products .*: Failed to fetch products$/,
      ),
    );
    send(APP, IPC_CHANNELS.reportCatalogue, { ...report, refreshFailure: null });
    expect(activity.snapshot().catalogue).toEqual({ ...report, refreshFailure: null });
  });

  it('leaves out a source or failure that is not one printable line, keeping the counts', () => {
    const { activity, send, log } = setup();
    send(APP, IPC_CHANNELS.reportCatalogue, {
      products: 20,
      fetchedAt: 900,
      source: 'https://a.example\nConfig: forged',
      refreshFailure: { at: 950, message: 'x'.repeat(201) },
    });
    expect(activity.snapshot().catalogue).toEqual({ products: 20, fetchedAt: 900 });
    expect(log.warn).not.toHaveBeenCalled();
  });
});
