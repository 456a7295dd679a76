/**
 * The app-wide lock-down that applies to every webContents, including ones Chromium
 * creates on its own: no new windows, no navigation or redirect off the app origin,
 * no <webview>, no permissions, no downloads (save dialogs), no devtools in kiosk mode.
 */
import type { App, Event, Session, WebContents } from 'electron';
import { isAppUrl } from './app-protocol/app-origin';
import type { Logger } from './logging/logging';

export interface SecurityOptions {
  allowDevTools: boolean;
  log: Logger;
  /**
   * The app's page may list the audio outputs, so speech can play on the configured
   * headset (speechOutputDevice): Chromium shows outputs, and lets setSinkId pick one, only
   * to a page whose microphone check passes. The check alone: a real request for the
   * microphone is still refused.
   */
  allowAudioOutputs?: boolean;
}

export function hardenWebContents(contents: WebContents, options: SecurityOptions): void {
  const { log } = options;
  contents.setWindowOpenHandler(({ url }) => {
    log.warn(`Security: denied a new window for ${url}`);
    return { action: 'deny' };
  });
  const blockOffApp = (event: Event, url: string, kind: string): void => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    log.warn(`Security: blocked ${kind} to ${url}`);
  };
  contents.on('will-navigate', (event) => {
    blockOffApp(event, event.url, 'navigation');
  });
  contents.on('will-frame-navigate', (event) => {
    blockOffApp(event, event.url, 'frame navigation');
  });
  contents.on('will-redirect', (event) => {
    blockOffApp(event, event.url, 'redirect');
  });
  // Web Bluetooth picks the first device when nobody answers: answer "none".
  contents.on('select-bluetooth-device', (event, _devices, callback) => {
    event.preventDefault();
    callback('');
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log.warn('Security: blocked a <webview>');
  });
  if (!options.allowDevTools) {
    contents.on('devtools-opened', () => {
      contents.closeDevTools();
    });
  }
}

/**
 * Camera, geolocation, notifications, HID…: a shop kiosk needs none of them. With
 * `allowAudioOutputs`, the one check that lists audio outputs passes for the app's origin.
 */
export function denyAllPermissions(
  session: Session,
  log: Logger,
  { allowAudioOutputs = false }: { allowAudioOutputs?: boolean } = {},
): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log.warn(`Security: denied permission request "${permission}"`);
    callback(false);
  });
  session.setPermissionCheckHandler(
    (_contents, permission, requestingOrigin, details) =>
      allowAudioOutputs &&
      permission === 'media' &&
      details.mediaType === 'audio' &&
      isAppUrl(requestingOrigin),
  );
  session.setDevicePermissionHandler(() => false);
}

/**
 * Alt+click on a link, `<a download>` or a navigation to a file would open a save-file
 * dialog: a file browser on a public kiosk. Nothing is ever downloaded.
 */
export function denyDownloads(session: Pick<Session, 'on'>, log: Logger): void {
  session.on('will-download', (event, item) => {
    event.preventDefault();
    log.warn(`Security: blocked a download of ${item.getURL()}`);
  });
}

export function setupSecurity(app: App, session: Session, options: SecurityOptions): void {
  denyAllPermissions(session, options.log, { allowAudioOutputs: options.allowAudioOutputs });
  denyDownloads(session, options.log);
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, options);
  });
}
