/**
 * The kiosk's main process: main() takes the single-instance lock, then wires one
 * setupX() per concern once Electron is ready and opens the shop window.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, ipcMain, Menu, powerSaveBlocker, session, type BrowserWindow } from 'electron';
import { IPC_CHANNELS } from '../../shared/bridge';
import { createActivity } from './activity/activity';
import { setupActivityIpc } from './activity/activity-ipc';
import { kioskContentSecurityPolicy } from './app-protocol/app-files';
import { registerAppScheme, setupAppProtocol } from './app-protocol/app-protocol';
import { startCatalogue } from './catalogue';
import { machineConfigPath, toRendererConfig } from './config/config';
import { decodeConfigText } from './config/config-file';
import { refuseForbiddenSwitches } from './debug-switches';
import type { KioskEnrolment } from '../../fleet-agent/identity/enrolment';
import { fleetEnrolment, fleetIdentity, fleetRemoteLayers, setupFleet } from './fleet/setup-fleet';
import { wantsSoftwareRendering } from './self-care/gpu-fallback';
import { createLastErrorLine } from './logging/last-error';
import { canReplace } from './config/can-replace';
import { createLiveConfig } from './config/live-config';
import { setLogMaxMB, setupLogging } from './logging/logging';
import { setupOfflineImages } from './images/setup-images';
import { setupReceiptSigning } from './fleet/receipt-signing';
import { setupReceiptPrinting } from './printing/printing';
import { DEFAULT_LIMITER_OPTIONS, PinAttemptLimiter } from './staff-exit/pin-lockout';
import { fileLockoutStore, LOCKOUT_FILE_NAME } from './staff-exit/pin-lockout-record';
import { createRecovery } from './self-care/recovery';
import { setupSecurity } from './security';
import { setupShortcutBlocker } from './shortcuts';
import { setupSpeech } from './speech/setup-speech';
import { openSlipWindow } from './printing/slip-window';
import { setupStaffExit } from './staff-exit/staff-exit';
import { relaunchKiosk, setupSelfCare } from './self-care/self-care';
import { setupStoreHours } from './opening-hours/store-hours';
import { userDataProblem } from './self-care/user-data';
import { detectInstall } from './updates/install-kind';
import { currentUpdateHealth, setupUpdates } from './updates/setup-updates';
import { createWindow, keepKioskWindowOpen } from './window';

// Privileges can only be granted before `ready`.
registerAppScheme();
// Every renderer sandboxed, whatever its webPreferences say (Electron checklist item 4).
app.enableSandbox();
// No application menu: its accelerators (reload, devtools, zoom, close) would be live keys.
Menu.setApplicationMenu(null);
// Touch kiosks: no pinch zoom and no two-finger swipe back through history.
app.commandLine.appendSwitch('disable-pinch');
app.commandLine.appendSwitch('disable-features', 'OverscrollHistoryNavigation');
// Recovery relaunched with this after repeated GPU process losses; only possible before ready.
// Linux: Chromium reaches the system's voices (speech-dispatcher) only when asked to; the
// kiosk's speech for blind shoppers uses them first.
if (process.platform === 'linux') app.commandLine.appendSwitch('enable-speech-dispatcher');
const softwareRendering = wantsSoftwareRendering(process.argv);
if (softwareRendering) app.disableHardwareAcceleration();

function main(): void {
  const userDataDir = app.getPath('userData');
  const lastError = createLastErrorLine();
  // Read-only or full: the kiosk still sells, logging to the console and caching nothing.
  const userDataIssue = userDataProblem(userDataDir);
  const log = setupLogging(userDataIssue === null ? userDataDir : null, (message) => {
    lastError.record(message);
  });
  if (userDataIssue !== null) {
    log.error(
      `Self-care: userData ${userDataDir} cannot be written (${userDataIssue}); logging to the console only, no caches on disk, running from memory`,
    );
  }
  // Before the single-instance lock: the relaunched process must be able to take it.
  if (app.isPackaged && refuseForbiddenSwitches(app, process.argv, log)) return;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // The files, environment and command line, plus the fleet's signed configs kept on disk.
  const loaded = createLiveConfig(
    {
      argv: process.argv,
      env: process.env,
      userDataDir,
      readFile: (path) => decodeConfigText(readFileSync(path)),
      log,
      packaged: app.isPackaged,
      machineConfigPath: machineConfigPath(process.platform),
      canReplace,
    },
    fleetRemoteLayers(userDataDir, log),
  );
  const config = loaded.startup;
  setLogMaxMB(config.logMaxMB);
  const files = [loaded.machineConfigPath, loaded.configPath].filter(Boolean).join(', then ');
  log.info(`Kiosk starting in ${config.mode} mode (config files: ${files})`);
  if (softwareRendering) {
    log.warn('Recovery: hardware acceleration is off after repeated GPU process losses');
  }
  const allowDevTools = config.mode === 'windowed' && !app.isPackaged;
  const resourcesDir = join(app.getAppPath(), 'resources');
  const recovery = createRecovery({ app, log, argv: process.argv });
  // What the shopper's screen is doing: the fleet's health, and the quiet moments updates,
  // relaunches and disruptive commands wait for.
  const activity = createActivity({
    // A staff laptop (windowed) has no idle wipe whatever the timeout says: there, only a
    // quiet spell makes a moment safe.
    idleWipeEnabled: () => config.mode === 'kiosk' && loaded.effective().idleTimeoutSeconds > 0,
  });
  setupActivityIpc({ ipcMain, activity, log });
  let mainWindow: BrowserWindow | null = null;
  let quitting = false;
  /** Whether the store is closed now (set once the store hours are read, below). */
  let storeClosedNow = (): boolean => false;

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('window-all-closed', () => {
    // In kiosk mode the 'closed' handler below has already opened a replacement.
    if (quitting || config.mode !== 'kiosk') app.quit();
  });

  const openWindow = (catalogueUrl: string): void => {
    // Live settings (idle times) as they are now: a reopened window keeps a remote change.
    const madeWith = toRendererConfig(loaded.effective(), catalogueUrl);
    const window = createWindow({
      config: madeWith,
      preloadPath: join(__dirname, '../preload/index.js'),
      allowDevTools,
      iconPath: join(resourcesDir, 'icons', '512x512.png'),
    });
    setupShortcutBlocker(window.webContents, { allowDevTools });
    recovery.watch(window);
    // A (re)loading page shows nothing yet: until it reports its screen, main does not
    // count the moment as the attract screen (activity.ts).
    window.webContents.on('did-start-loading', () => {
      activity.screenUnknown();
    });
    // A reloaded page (recovery after a hang or a crash) starts again from the settings the
    // window was made with, and a page still loading missed what main sent meanwhile: once
    // it has loaded (and listens), it hears the live ones if they have changed since.
    window.webContents.on('did-finish-load', () => {
      const live = toRendererConfig(loaded.effective(), catalogueUrl);
      if (JSON.stringify(live) !== JSON.stringify(madeWith)) {
        window.webContents.send(IPC_CHANNELS.configChanged, live);
      }
      // A page (re)loaded while the store is closed shows the closed screen again.
      if (storeClosedNow()) window.webContents.send(IPC_CHANNELS.storeClosed, true);
    });
    if (config.mode === 'kiosk') {
      keepKioskWindowOpen(window, () => quitting);
      window.on('session-end', () => {
        quitting = true;
      });
    }
    window.on('closed', () => {
      mainWindow = null;
      // A kiosk window closed by anything but staff exit comes straight back.
      if (!quitting && config.mode === 'kiosk') openWindow(catalogueUrl);
    });
    mainWindow = window;
  };

  app
    .whenReady()
    .then(async () => {
      setupSecurity(app, session.defaultSession, {
        allowDevTools,
        log,
        allowAudioOutputs: config.speechOutputDevice !== '',
      });
      const images =
        userDataIssue === null
          ? await setupOfflineImages(session.defaultSession, userDataDir, log)
          : null;
      const catalogue = startCatalogue(config.catalogueUrl, resourcesDir, log);
      setupAppProtocol({
        rootDir: join(__dirname, '../renderer'),
        csp: kioskContentSecurityPolicy(catalogue.url),
        api: catalogue.api,
      });
      // Set once the receipt key is known, below; the staff exit asks for its pairing code.
      let enrolment: KioskEnrolment | null = null;
      const staffExit = setupStaffExit({
        ipcMain,
        staffPin: config.staffPin,
        staffPinHash: config.staffPinHash,
        limiter: new PinAttemptLimiter(
          DEFAULT_LIMITER_OPTIONS,
          // Keyed by the hash in force, so a new staffPinHash starts a new count.
          fileLockoutStore(join(userDataDir, LOCKOUT_FILE_NAME), log, config.staffPinHash),
        ),
        quit: () => {
          app.quit();
        },
        pairingCode: () => enrolment?.pairingCode() ?? null,
        log,
      });
      const printing = setupReceiptPrinting({
        ipcMain,
        printerName: config.printerName,
        mode: config.mode,
        log,
        openSlipWindow,
        activity,
      });
      setupSpeech({ ipcMain, log });
      // Receipts are signed only for a fleet, once the operator has enrolled the kiosk's
      // key, and the code names the same kiosk id the fleet uses.
      const identity = fleetIdentity(config, userDataDir, log);
      const receipts = setupReceiptSigning({
        ipcMain,
        userDataDir,
        log,
        fleet: identity,
        enrolled: () => enrolment?.enrolled() ?? false,
      });
      enrolment = fleetEnrolment(config, identity, receipts.receiptPublicKey(), {
        userDataDir,
        version: app.getVersion(),
        log,
      });
      // The store's opening hours: asleep while closed (the closed screen, the display may
      // sleep, the fleet told), and the daily relaunch inside closed hours.
      let updatePending = (): boolean => false;
      const storeHours = setupStoreHours({
        schedule: () => loaded.effective().openingHours,
        startedAt: Date.now(),
        whenSafe: (signal) => activity.whenSafe(signal),
        relaunch: () => {
          relaunchKiosk(app, process.argv);
        },
        updatePending: () => updatePending(),
        log,
      });
      storeClosedNow = () => storeHours.asleep();
      storeHours.onChange((closed) => {
        mainWindow?.webContents.send(IPC_CHANNELS.storeClosed, closed);
      });
      setupFleet({
        app,
        liveConfig: loaded,
        storeHours,
        activity,
        window: () => mainWindow,
        rendererConfig: (settings) => toRendererConfig(settings, catalogue.url),
        printing,
        imageCache: () => images?.size ?? null,
        failedPinsToday: () => staffExit.failedAttemptsToday(),
        gpuFallback: softwareRendering,
        lastError: () => lastError.current(),
        receiptPublicKey: () => receipts.receiptPublicKey(),
        enrolment,
        updateStatus: () => currentUpdateHealth(),
        argv: process.argv,
        log,
        userDataDir: userDataIssue === null ? userDataDir : null,
        packaged: app.isPackaged,
      });
      openWindow(catalogue.url);
      const updates = await setupUpdates({
        config,
        activity,
        log,
        userDataDir,
        platform: process.platform,
        install: () =>
          detectInstall({
            platform: process.platform,
            resourcesPath: process.resourcesPath,
            env: process.env,
            readFile: (path) => readFileSync(path, 'utf8'),
          }),
        writeFile: (path, text) => {
          if (userDataIssue !== null)
            throw new Error(`userData cannot be written (${userDataIssue})`);
          writeFileSync(path, text);
        },
        beforeInstall: () => {
          quitting = true;
        },
      });
      updatePending = () => ['ready', 'installing'].includes(updates?.health().state ?? 'idle');
      const selfCare = setupSelfCare({
        getAppMetrics: () => app.getAppMetrics(),
        powerSaveBlocker,
        activity,
        config,
        log,
        relaunch: () => {
          relaunchKiosk(app, process.argv);
        },
        updatePending: () => ['ready', 'installing'].includes(updates?.health().state ?? 'idle'),
        uptimeMs: () => process.uptime() * 1000,
      });
      selfCare.allowDisplaySleep(storeHours.asleep());
      storeHours.onChange((closed) => {
        selfCare.allowDisplaySleep(closed);
      });
    })
    .catch((error: unknown) => {
      log.error(
        `Startup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      recovery.relaunch('a startup failure');
    });
}

main();
