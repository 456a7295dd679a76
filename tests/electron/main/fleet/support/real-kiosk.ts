/**
 * A kiosk's main process as setupFleet sees it, with Electron faked at its edges only: the
 * real live config (files on disk, the command line, the fleet's signed configs), the real
 * activity module, printing, remote config and fleet client; a fake app (versions, metrics,
 * relaunch, quit) and a fake shop window (IPC sends, screen capture, printers).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App, IpcMain, PrinterInfo } from 'electron';
import { vi } from 'vitest';
import { toRendererConfig } from '../../../../../electron/main/config/config';
import { createActivity, type Activity } from '../../../../../fleet-agent/kiosk/activity';
import {
  setupFleet,
  type Fleet,
  type FleetDeps,
} from '../../../../../electron/main/fleet/setup-fleet';
import {
  fleetRemoteLayers,
  type FleetRemote,
} from '../../../../../electron/main/fleet/fleet-remote';
import type { FleetWindow } from '../../../../../electron/main/fleet/kiosk-reports';
import { sendPageSettings } from '../../../../../electron/main/config/page-settings';
import type { StoreHours } from '../../../../../fleet-agent/kiosk/store-hours';
import { createLiveConfig, type LiveConfig } from '../../../../../electron/main/config/live-config';
import {
  setupReceiptPrinting,
  type ReceiptPrinting,
} from '../../../../../electron/main/printing/printing';
import { as, FakeApp } from '../../../support/fake-electron';
import {
  memoryLog,
  TINY_PNG,
  type MemoryLog,
} from '../../../../fleet-agent/support/fleet-fixtures';

export class FleetApp extends FakeApp {
  getVersion = vi.fn(() => '0.1.0');
  quit = vi.fn();
  /** Kilobytes, as Electron reports them: 100 MB main, 150 + 50 MB renderers, a GPU. */
  getAppMetrics = vi.fn(() => [
    { type: 'Browser', memory: { workingSetSize: 102_400 } },
    { type: 'Tab', memory: { workingSetSize: 153_600 } },
    { type: 'Tab', memory: { workingSetSize: 51_200 } },
    { type: 'GPU', memory: { workingSetSize: 999_999 } },
  ]);
}

export interface FakeShopWindow {
  window: FleetWindow;
  send: ReturnType<typeof vi.fn>;
  capturePage: ReturnType<typeof vi.fn>;
  printers: PrinterInfo[];
}

export function fakeShopWindow(): FakeShopWindow {
  const printers: PrinterInfo[] = [
    as<PrinterInfo>({ name: 'Office A4', displayName: 'Office A4' }),
    as<PrinterInfo>({ name: 'TM-T20', displayName: 'TM-T20' }),
  ];
  const send = vi.fn();
  const capturePage = vi.fn(() => Promise.resolve({ toPNG: () => TINY_PNG }));
  const window = as<FleetWindow>({
    isDestroyed: () => false,
    webContents: { send, capturePage, getPrintersAsync: () => Promise.resolve(printers) },
  });
  return { window, send, capturePage, printers };
}

export interface RealKioskSetup {
  /** The account's config file (nested form). */
  configFile?: Record<string, unknown>;
  /** A packaged kiosk's machine-wide file; null: none. */
  machineFile?: Record<string, unknown> | null;
  argv?: string[];
  env?: Record<string, string>;
  userData?: string;
  /** The store's opening hours, when the kiosk has them. */
  storeHours?: Pick<StoreHours, 'asleep' | 'onChange' | 'check'>;
  /** Overrides for setupFleet's dependencies (its seams are added to the harness's own). */
  deps?: Partial<FleetDeps>;
}

export interface RealKiosk {
  fleet: Fleet;
  app: FleetApp;
  activity: Activity;
  shop: FakeShopWindow;
  printing: ReceiptPrinting;
  liveConfig: LiveConfig<FleetRemote>;
  log: MemoryLog;
  userData: string;
  /** Writes the account's config file again (for reload-config). */
  writeConfigFile(object: Record<string, unknown>): void;
}

export function startRealKiosk(setup: RealKioskSetup = {}): RealKiosk {
  const userData = setup.userData ?? mkdtempSync(join(tmpdir(), 'kiosk-fleet-'));
  mkdirSync(userData, { recursive: true });
  const configPath = join(userData, 'kiosk-config.json');
  const writeConfigFile = (object: Record<string, unknown>): void => {
    writeFileSync(configPath, JSON.stringify(object));
  };
  if (setup.configFile) writeConfigFile(setup.configFile);
  const machinePath = join(userData, 'machine-wide.json');
  if (setup.machineFile) writeFileSync(machinePath, JSON.stringify(setup.machineFile));
  const log = memoryLog();
  const packaged = setup.machineFile !== undefined && setup.machineFile !== null;
  const liveConfig = createLiveConfig(
    {
      argv: ['kiosk-shop', ...(setup.argv ?? [])],
      env: setup.env ?? {},
      userDataDir: userData,
      readFile: (path) => readFileSync(path, 'utf8'),
      log,
      packaged,
      machineConfigPath: machinePath,
    },
    fleetRemoteLayers(userData, log),
  );
  const app = new FleetApp();
  const activity = createActivity({
    idleWipeEnabled: () => liveConfig.effective().idleTimeoutSeconds > 0,
  });
  // The shop's page has loaded and said it shows the attract screen.
  activity.setScreen('attract');
  const shop = fakeShopWindow();
  const printing = setupReceiptPrinting({
    ipcMain: as<IpcMain>({ handle: vi.fn() }),
    printerName: liveConfig.startup.printerName,
    mode: liveConfig.startup.mode,
    log,
    // These tests change the printer by remote config; none of them prints a slip.
    openSlipWindow: () => {
      throw new Error('the fleet tests print no slip');
    },
    activity,
  });
  const fleet = setupFleet({
    app: as<Pick<App, 'getVersion' | 'getAppMetrics' | 'relaunch' | 'exit' | 'quit' | 'on'>>(app),
    liveConfig,
    activity,
    window: () => shop.window,
    liveEffects: {
      toPage: (config) =>
        sendPageSettings(
          shop.window.webContents,
          toRendererConfig(config, config.catalogueUrl || '/api'),
        ),
      printerName: (config) => printing.setPrinterName(config.printerName),
      openingHours: () => setup.storeHours?.check(),
    },
    readings: {
      imageCache: () => ({ images: 48, bytes: 1_234_567 }),
      failedPinsToday: () => 3,
      gpuFallback: true,
      lastError: () => 'Printing: the printer caught fire',
      updateStatus: () => null,
      printerName: () => printing.printerName(),
    },
    identity: { enrolment: null, receiptPublicKey: () => null },
    ...(setup.storeHours ? { storeHours: setup.storeHours } : {}),
    argv: ['kiosk-shop', ...(setup.argv ?? [])],
    log,
    packaged,
    userDataDir: userData,
    ...setup.deps,
    seams: {
      versions: { electron: '45.4.1', chrome: '140.0.7339.0' },
      backoff: { baseMs: 100, capMs: 1000 },
      ...setup.deps?.seams,
    },
  });
  return { fleet, app, activity, shop, printing, liveConfig, log, userData, writeConfigFile };
}
