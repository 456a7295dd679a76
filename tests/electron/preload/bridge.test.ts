import { EventEmitter } from 'node:events';
import type { IpcRenderer } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { blockExternalDrops, createKioskBridge } from '../../../electron/preload/bridge';
import { IPC_CHANNELS, type RendererConfig } from '../../../shared/bridge';
import { as } from '../support/fake-electron';

vi.mock('electron', () => ({}));

const config: RendererConfig = {
  catalogueUrl: 'https://shop.example.com/api',
  mode: 'kiosk',
  idleTimeoutSeconds: 90,
  idleCountdownSeconds: 15,
  catalogueMaxAgeMinutes: 60,
};

function fakeIpc(answer: unknown = true) {
  const emitter = new EventEmitter();
  const invoke = vi.fn((_channel: string, ..._args: unknown[]) => Promise.resolve(answer));
  return { ipc: Object.assign(emitter, { invoke }), invoke, emitter };
}

describe('the preload bridge', () => {
  it('exposes exactly four named functions, never ipcRenderer', () => {
    const { ipc } = fakeIpc();
    const bridge = createKioskBridge(as<IpcRenderer>(ipc), config);
    expect(Object.keys(bridge).sort()).toEqual([
      'getConfig',
      'onStaffExitRequested',
      'printReceipt',
      'submitStaffExitPin',
    ]);
    expect(bridge.getConfig()).toEqual(config);
    expect(Object.isFrozen(bridge.getConfig())).toBe(true);
  });

  it('submits the PIN over the named channel and reports the answer', async () => {
    const { ipc, invoke } = fakeIpc({ status: 'accepted' });
    const bridge = createKioskBridge(as<IpcRenderer>(ipc), config);
    await expect(bridge.submitStaffExitPin('2468')).resolves.toEqual({ status: 'accepted' });
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.submitStaffExitPin, '2468');
    const locked = createKioskBridge(
      as<IpcRenderer>(fakeIpc({ status: 'locked', retryAfterSeconds: 30, extra: 1 }).ipc),
      config,
    );
    await expect(locked.submitStaffExitPin('2468')).resolves.toEqual({
      status: 'locked',
      retryAfterSeconds: 30,
    });
  });

  it('passes a pairing code on with an accepted PIN, and only a well-formed one', async () => {
    const answer = (value: unknown) =>
      createKioskBridge(as<IpcRenderer>(fakeIpc(value).ipc), config).submitStaffExitPin('2468');
    await expect(
      answer({ status: 'accepted', pairingCode: '1234 5678 9012 3456' }),
    ).resolves.toEqual({ status: 'accepted', pairingCode: '1234 5678 9012 3456' });
    await expect(
      answer({ status: 'accepted', pairingCode: '<img src=x onerror=alert(1)>' }),
    ).resolves.toEqual({ status: 'accepted' });
    await expect(answer({ status: 'wrong', pairingCode: '1234 5678 9012 3456' })).resolves.toEqual({
      status: 'wrong',
    });
  });

  it.each([
    true,
    'yes',
    null,
    { status: 'locked' },
    { status: 'locked', retryAfterSeconds: -1 },
    { status: 'locked', retryAfterSeconds: 1.5 },
    { status: 'sure' },
  ])('reads the unexpected answer %j as a wrong PIN', async (answer) => {
    const bridge = createKioskBridge(as<IpcRenderer>(fakeIpc(answer).ipc), config);
    await expect(bridge.submitStaffExitPin('2468')).resolves.toEqual({ status: 'wrong' });
  });

  it('reads a failed IPC call as a wrong PIN, never as an error for the page', async () => {
    const { ipc, invoke } = fakeIpc();
    invoke.mockImplementation(() => Promise.reject(new Error('main went away')));
    const bridge = createKioskBridge(as<IpcRenderer>(ipc), config);
    await expect(bridge.submitStaffExitPin('2468')).resolves.toEqual({ status: 'wrong' });
  });

  it('sends main the receipt to print and passes on only a well-formed answer', async () => {
    const receipt = {
      id: 'Receipt-1700000000123-42',
      issuedAt: 1700000000123,
      lines: [{ title: 'Ring', quantity: 1, lineTotal: 2230 }],
      savings: 0,
      tax: 446,
      total: 2676,
    };
    const { ipc, invoke } = fakeIpc({ ok: true, secret: 'x' });
    await expect(
      createKioskBridge(as<IpcRenderer>(ipc), config).printReceipt(receipt),
    ).resolves.toEqual({ ok: true });
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.printReceipt, receipt);
    const missing = fakeIpc({
      ok: false,
      message: 'The receipt printer "Front" is not connected.',
    });
    await expect(
      createKioskBridge(as<IpcRenderer>(missing.ipc), config).printReceipt(receipt),
    ).resolves.toEqual({ ok: false, message: 'The receipt printer "Front" is not connected.' });
    for (const odd of [undefined, 'done', { ok: 'yes' }]) {
      const result = await createKioskBridge(
        as<IpcRenderer>(fakeIpc(odd).ipc),
        config,
      ).printReceipt(receipt);
      expect(result.ok).toBe(false);
    }
    const broken = fakeIpc();
    broken.invoke.mockRejectedValueOnce(new Error('no handler'));
    expect(
      (await createKioskBridge(as<IpcRenderer>(broken.ipc), config).printReceipt(receipt)).ok,
    ).toBe(false);
  });

  it('calls staff exit listeners without leaking the IPC event, and unsubscribes', () => {
    const { ipc, emitter } = fakeIpc();
    const bridge = createKioskBridge(as<IpcRenderer>(ipc), config);
    const listener = vi.fn();
    const unsubscribe = bridge.onStaffExitRequested(listener);
    emitter.emit(IPC_CHANNELS.staffExitRequested, { sender: 'secret' });
    expect(listener).toHaveBeenCalledWith();
    unsubscribe();
    emitter.emit(IPC_CHANNELS.staffExitRequested, {});
    expect(listener).toHaveBeenCalledTimes(1);
    expect(emitter.listenerCount(IPC_CHANNELS.staffExitRequested)).toBe(0);
  });

  it('stops dropped files and links but not in-page drags', () => {
    const target = new EventTarget();
    blockExternalDrops(as<Window>(target));
    const drop = (types: string[]) => {
      const event = Object.assign(new Event('drop', { cancelable: true }), {
        dataTransfer: { types },
      });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(drop(['Files'])).toBe(true);
    expect(drop(['text/uri-list'])).toBe(true);
    expect(drop(['text/plain'])).toBe(false);
    const menu = new Event('contextmenu', { cancelable: true });
    target.dispatchEvent(menu);
    expect(menu.defaultPrevented).toBe(true);
  });

  it('stops links and pictures from being dragged out of the kiosk', () => {
    const target = new EventTarget();
    blockExternalDrops(as<Window>(target));
    const dragStart = (closest: string | null) => {
      const event = new Event('dragstart', { cancelable: true });
      const element = {
        closest: (selector: string) => (closest && selector.includes(closest) ? {} : null),
      };
      Object.defineProperty(event, 'target', { value: element });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(dragStart('a[href]')).toBe(true);
    expect(dragStart('img')).toBe(true);
    expect(dragStart(null)).toBe(false);
  });
});
