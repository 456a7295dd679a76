/**
 * The kiosk's main process: main() takes the single-instance lock, then wires one
 * setupX() per concern once Electron is ready and opens the shop window.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, ipcMain, Menu, powerSaveBlocker, session } from 'electron';
import { resolveKioskId } from '../../fleet-agent/identity/kiosk-id';
import { createActivity, type Activity } from '../../fleet-agent/kiosk/activity';
import { setupActivityIpc } from './activity/activity-ipc';
import { kioskContentSecurityPolicy } from './app-protocol/app-files';
import { registerAppScheme, setupAppProtocol } from './app-protocol/app-protocol';
import { startCatalogue } from './catalogue';
import { setupCollectionNumbers } from './collection/setup-collection-numbers';
import { machineConfigPath } from './config/config';
import { decodeConfigText } from './config/config-file';
import { refuseForbiddenSwitches } from './debug-switches';
import { setupFleetIdentity } from './fleet/fleet-identity';
import { fleetRemoteLayers, type FleetRemote } from './fleet/fleet-remote';
import { setupOrderSending } from './fleet/order-sending';
import { setupFleet } from './fleet/setup-fleet';
import { wantsSoftwareRendering } from './self-care/gpu-fallback';
import { createLastErrorLine, type LastErrorLine } from './logging/last-error';
import { canReplace } from './config/can-replace';
import { createLiveConfig, type LiveConfig } from './config/live-config';
import { setLogMaxMB, setupLogging, type Logger } from './logging/logging';
import { setupOfflineImages } from './images/setup-images';
import { setupReceiptPrinting } from './printing/printing';
import { DEFAULT_LIMITER_OPTIONS, PinAttemptLimiter } from './staff-exit/pin-lockout';
import { fileLockoutStore, LOCKOUT_FILE_NAME } from './staff-exit/pin-lockout-record';
import { createRecovery } from './self-care/recovery';
import { setupSecurity } from './security';
import { setupShopWindow, type ShopWindow } from './shop-window';
import { setupSpeech } from './speech/setup-speech';
import { openSlipWindow } from './printing/slip-window';
import { setupStaffExit } from './staff-exit/staff-exit';
import { relaunchKiosk, setupSelfCare } from './self-care/self-care';
import { setupStoreHours, type StoreHours } from '../../fleet-agent/kiosk/store-hours';
import { userDataProblem } from './self-care/user-data';
import { detectInstall } from './updates/install-kind';
import { currentUpdateHealth, setupUpdates, updatePending } from './updates/setup-updates';

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

/** What the kiosk starts from: its log and where it keeps things. */
interface Start {
  log: Logger;
  lastError: LastErrorLine;
  userDataDir: string;
  /** Why userData cannot be written, or null. */
  userDataIssue: string | null;
}

/** The kiosk as wired before ready, for what is set up once Electron is ready. */
interface Kiosk extends Start {
  loaded: LiveConfig<FleetRemote>;
  activity: Activity;
  shop: ShopWindow;
  allowDevTools: boolean;
  resourcesDir: string;
}

function main(): void {
  const start = setupStart();
  if (!start) return;
  const loaded = setupLiveConfig(start);
  const config = loaded.startup;
  const allowDevTools = config.mode === 'windowed' && !app.isPackaged;
  const resourcesDir = join(app.getAppPath(), 'resources');
  const recovery = createRecovery({ app, log: start.log, argv: process.argv });
  const activity = setupActivity(loaded, start.log);
  const shop = setupShopWindow({
    app,
    mode: config.mode,
    liveConfig: () => loaded.effective(),
    preloadPath: join(__dirname, '../preload/index.js'),
    iconPath: join(resourcesDir, 'icons', '512x512.png'),
    allowDevTools,
    activity,
    recovery,
  });
  const kiosk: Kiosk = { ...start, loaded, activity, shop, allowDevTools, resourcesDir };
  app
    .whenReady()
    .then(() => setupKiosk(kiosk))
    .catch((error: unknown) => {
      start.log.error(
        `Startup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      recovery.relaunch('a startup failure');
    });
}

/** The log, the single-instance lock and the switches an installed kiosk refuses; null: quit. */
function setupStart(): Start | null {
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
  if (app.isPackaged && refuseForbiddenSwitches(app, process.argv, log)) return null;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  return { log, lastError, userDataDir, userDataIssue };
}

/** The files, environment and command line, plus the fleet's signed configs kept on disk. */
function setupLiveConfig({ log, userDataDir }: Start): LiveConfig<FleetRemote> {
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
  setLogMaxMB(loaded.startup.logMaxMB);
  const files = [loaded.machineConfigPath, loaded.configPath].filter(Boolean).join(', then ');
  log.info(`Kiosk starting in ${loaded.startup.mode} mode (config files: ${files})`);
  if (softwareRendering) {
    log.warn('Recovery: hardware acceleration is off after repeated GPU process losses');
  }
  return loaded;
}

/**
 * What the shopper's screen is doing: the fleet's health, and the quiet moments updates,
 * relaunches and disruptive commands wait for.
 */
function setupActivity(loaded: LiveConfig, log: Logger): Activity {
  const activity = createActivity({
    // A staff laptop (windowed) has no idle wipe whatever the timeout says: there, only a
    // quiet spell makes a moment safe.
    idleWipeEnabled: () =>
      loaded.startup.mode === 'kiosk' && loaded.effective().idleTimeoutSeconds > 0,
  });
  setupActivityIpc({ ipcMain, activity, log });
  return activity;
}

async function setupKiosk(kiosk: Kiosk): Promise<void> {
  const { log, loaded, activity, shop, userDataDir, userDataIssue } = kiosk;
  const config = loaded.startup;
  setupSecurity(app, session.defaultSession, {
    allowDevTools: kiosk.allowDevTools,
    log,
    allowAudioOutputs: config.speechOutputDevice !== '',
  });
  const images =
    userDataIssue === null
      ? await setupOfflineImages(session.defaultSession, userDataDir, log)
      : null;
  const catalogue = startCatalogue(config.catalogueUrl, kiosk.resourcesDir, log);
  setupAppProtocol({
    rootDir: join(__dirname, '../renderer'),
    csp: kioskContentSecurityPolicy(catalogue.url),
    api: catalogue.api,
  });
  const identity = setupFleetIdentity({
    ipcMain,
    config,
    userDataDir,
    version: app.getVersion(),
    log,
  });
  // Each order's number, asked for by the page; main keeps which receipt got which.
  const collectionNumbers = setupCollectionNumbers({
    ipcMain,
    config,
    kioskId: () => resolveKioskId(config['fleet.kioskId'], userDataDir, log),
    userData: userDataIssue === null ? { dir: userDataDir } : { dir: null, why: userDataIssue },
    timeZone: () => loaded.effective().openingHours?.timeZone,
    log,
  });
  // The order carries the receipt's number, the same one the page asks for and shows.
  setupOrderSending({
    ipcMain,
    config,
    identity,
    userDataDir: userDataIssue === null ? userDataDir : null,
    log,
    collectionNumber: (receiptId) => collectionNumbers.issue(receiptId),
  });
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
    pairingCode: () => identity.enrolment?.pairingCode() ?? null,
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
  const storeHours = setupOpeningHours(kiosk);
  setupFleet({
    app,
    liveConfig: loaded,
    storeHours,
    activity,
    window: () => shop.current(),
    liveEffects: {
      toPage: (effective) => shop.sendConfig(effective),
      printerName: (effective) => printing.setPrinterName(effective.printerName),
      openingHours: () => storeHours.check(),
    },
    readings: {
      imageCache: () => images?.size ?? null,
      failedPinsToday: () => staffExit.failedAttemptsToday(),
      gpuFallback: softwareRendering,
      lastError: () => kiosk.lastError.current(),
      updateStatus: () => currentUpdateHealth(),
      printerName: () => printing.printerName(),
    },
    identity,
    argv: process.argv,
    log,
    userDataDir: userDataIssue === null ? userDataDir : null,
    packaged: app.isPackaged,
  });
  shop.open({ catalogueUrl: catalogue.url, storeClosed: () => storeHours.asleep() });
  await setupKioskUpdates(kiosk);
  setupKioskSelfCare(kiosk, storeHours);
}

/**
 * The store's opening hours: asleep while closed (the closed screen, the display may sleep,
 * the fleet told), and the daily relaunch inside closed hours.
 */
function setupOpeningHours({ loaded, activity, shop, log }: Kiosk): StoreHours {
  const storeHours = setupStoreHours({
    schedule: () => loaded.effective().openingHours,
    startedAt: Date.now(),
    whenSafe: (signal) => activity.whenSafe(signal),
    relaunch: () => {
      relaunchKiosk(app, process.argv);
    },
    updatePending,
    log,
  });
  storeHours.onChange((closed) => {
    shop.sendStoreClosed(closed);
  });
  return storeHours;
}

async function setupKioskUpdates({
  loaded,
  activity,
  log,
  userDataDir,
  userDataIssue,
  shop,
}: Kiosk) {
  await setupUpdates({
    config: loaded.startup,
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
      if (userDataIssue !== null) throw new Error(`userData cannot be written (${userDataIssue})`);
      writeFileSync(path, text);
    },
    beforeInstall: () => {
      shop.quitting();
    },
  });
}

function setupKioskSelfCare({ loaded, activity, log }: Kiosk, storeHours: StoreHours): void {
  const selfCare = setupSelfCare({
    getAppMetrics: () => app.getAppMetrics(),
    powerSaveBlocker,
    activity,
    config: loaded.startup,
    log,
    relaunch: () => {
      relaunchKiosk(app, process.argv);
    },
    updatePending,
    uptimeMs: () => process.uptime() * 1000,
  });
  selfCare.allowDisplaySleep(storeHours.asleep());
  storeHours.onChange((closed) => {
    selfCare.allowDisplaySleep(closed);
  });
}

main();
