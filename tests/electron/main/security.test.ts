import { EventEmitter } from 'node:events';
import type { App, Session, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  denyAllPermissions,
  denyDownloads,
  hardenWebContents,
  setupSecurity,
} from '../../../electron/main/security';
import { as, FakeEvent, FakeWebContents, fakeLogger } from '../support/fake-electron';

vi.mock('electron', () => ({}));

function hardened(allowDevTools = false) {
  const contents = new FakeWebContents();
  const log = fakeLogger();
  hardenWebContents(as<WebContents>(contents), { allowDevTools, log });
  return { contents, log };
}

function fakeSession() {
  return Object.assign(new EventEmitter(), {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
  });
}

describe('security handlers', () => {
  it('denies every new window (window.open, target=_blank, middle click)', () => {
    const { contents, log } = hardened();
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({
      action: 'deny',
    });
    expect(log.warn).toHaveBeenCalledWith(
      'Security: denied a new window for https://evil.example/',
    );
  });

  it.each([
    'https://evil.example/',
    'file:///etc/passwd',
    'app://other/index.html',
    'javascript:alert(1)',
  ])('blocks navigation to %s', (url) => {
    const { contents } = hardened();
    const event = new FakeEvent(url);
    contents.emit('will-navigate', event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('lets the app navigate within app://shop', () => {
    const { contents } = hardened();
    const event = new FakeEvent('app://shop/index.html');
    contents.emit('will-navigate', event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('blocks redirects and frame navigations off the app', () => {
    const { contents } = hardened();
    const redirect = new FakeEvent('https://evil.example/');
    const frame = new FakeEvent('https://ads.example/');
    contents.emit('will-redirect', redirect);
    contents.emit('will-frame-navigate', frame);
    expect(redirect.defaultPrevented).toBe(true);
    expect(frame.defaultPrevented).toBe(true);
  });

  it('refuses to attach a <webview>', () => {
    const { contents } = hardened();
    const event = new FakeEvent();
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });

  it('closes devtools at once when they are not allowed', () => {
    const { contents } = hardened(false);
    contents.emit('devtools-opened');
    expect(contents.closeDevTools).toHaveBeenCalled();
    const staff = hardened(true);
    staff.contents.emit('devtools-opened');
    expect(staff.contents.closeDevTools).not.toHaveBeenCalled();
  });

  it('denies permission requests and checks', () => {
    const session = fakeSession();
    const log = fakeLogger();
    denyAllPermissions(as<Session>(session), log);
    const request = session.setPermissionRequestHandler.mock.calls[0]?.[0] as (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
    ) => void;
    const callback = vi.fn();
    request({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0] as () => boolean;
    expect(check()).toBe(false);
    const device = session.setDevicePermissionHandler.mock.calls[0]?.[0] as () => boolean;
    expect(device()).toBe(false);
  });

  it('lets only the app’s own page list audio outputs, and only when speech has an output to find', () => {
    type Check = (
      contents: unknown,
      permission: string,
      origin: string,
      details: { mediaType?: string },
    ) => boolean;
    const checkOf = (allowAudioOutputs: boolean): Check => {
      const session = fakeSession();
      denyAllPermissions(as<Session>(session), fakeLogger(), { allowAudioOutputs });
      return session.setPermissionCheckHandler.mock.calls[0]?.[0] as Check;
    };
    const allowing = checkOf(true);
    expect(allowing({}, 'media', 'app://shop', { mediaType: 'audio' })).toBe(true);
    expect(allowing({}, 'media', 'app://shop', { mediaType: 'video' })).toBe(false);
    expect(allowing({}, 'media', 'https://evil.example', { mediaType: 'audio' })).toBe(false);
    expect(allowing({}, 'geolocation', 'app://shop', {})).toBe(false);
    expect(checkOf(false)({}, 'media', 'app://shop', { mediaType: 'audio' })).toBe(false);
  });

  it('hardens every webContents the app creates', () => {
    const app = new EventEmitter();
    setupSecurity(as<App>(app), as<Session>(fakeSession()), {
      allowDevTools: false,
      log: fakeLogger(),
    });
    const contents = new FakeWebContents();
    app.emit('web-contents-created', {}, contents);
    expect(contents.windowOpenHandler?.({ url: 'https://x.example' })).toEqual({ action: 'deny' });
  });

  it('cancels every download, so Alt+click on a link never opens a save dialog', () => {
    const session = fakeSession();
    const log = fakeLogger();
    denyDownloads(as<Session>(session), log);
    const event = new FakeEvent();
    session.emit('will-download', event, { getURL: () => 'app://shop/index.html' });
    expect(event.defaultPrevented).toBe(true);
    expect(log.warn).toHaveBeenCalledWith('Security: blocked a download of app://shop/index.html');
  });

  it('wires the download block into setupSecurity', () => {
    const session = fakeSession();
    setupSecurity(as<App>(new EventEmitter()), as<Session>(session), {
      allowDevTools: false,
      log: fakeLogger(),
    });
    expect(session.listenerCount('will-download')).toBe(1);
  });

  it('answers a Web Bluetooth device picker with no device', () => {
    const { contents } = hardened();
    const event = new FakeEvent();
    const callback = vi.fn();
    contents.emit('select-bluetooth-device', event, [{ deviceId: 'printer' }], callback);
    expect(event.defaultPrevented).toBe(true);
    expect(callback).toHaveBeenCalledWith('');
  });
});
