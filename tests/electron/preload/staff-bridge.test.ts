import type { IpcRenderer } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { createStaffBridge } from '../../../electron/preload/staff-bridge';
import { IPC_CHANNELS } from '../../../shared/bridge';
import { as } from '../support/fake-electron';

vi.mock('electron', () => ({}));

describe('the staff bridge', () => {
  it('asks main to close the kiosk over its named channel, and only true is a yes', async () => {
    for (const [answer, closed] of [
      [true, true],
      [false, false],
      ['yes', false],
      [null, false],
    ] as const) {
      const invoke = vi.fn(() => Promise.resolve(answer));
      const bridge = createStaffBridge(as<IpcRenderer>({ invoke }));
      await expect(bridge.confirmStaffExit()).resolves.toBe(closed);
      expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.confirmStaffExit);
    }
  });

  it('reads a failed call as a no', async () => {
    const invoke = vi.fn(() => Promise.reject(new Error('gone')));
    await expect(createStaffBridge(as<IpcRenderer>({ invoke })).confirmStaffExit()).resolves.toBe(
      false,
    );
  });
});
