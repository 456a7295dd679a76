import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../../../electron/main/ipc-sender';
import { as, ipcEventFrom } from '../support/fake-electron';

describe('IPC sender checks', () => {
  it('trusts only the top frame of app://shop', () => {
    expect(isTrustedSender(as(ipcEventFrom('app://shop/index.html')))).toBe(true);
    expect(isTrustedSender(as(ipcEventFrom('https://evil.example/')))).toBe(false);
    expect(isTrustedSender(as(ipcEventFrom('app://shop.evil/index.html')))).toBe(false);
    expect(isTrustedSender(as(ipcEventFrom('file:///app/out/renderer/index.html')))).toBe(false);
    expect(isTrustedSender(as(ipcEventFrom('app://shop/index.html', { subframe: true })))).toBe(
      false,
    );
    expect(isTrustedSender(as(ipcEventFrom(null)))).toBe(false);
  });
});
