/**
 * The pretend shop behind a simulated kiosk: shoppers come and go (attract → shopping →
 * receipt → attract) through the kiosk's real activity module, so its safe moments are a
 * kiosk's; memory drifts; the printer, the last error, the catalogue and the updater's word
 * are settable, so a test can make a kiosk look like one that needs attention.
 */
import type { KioskHealth, Screen } from '../../shared/fleet/payloads';
import type { ProcessMemory } from '../../fleet-agent/health/process-memory';
import { createActivity, type Activity } from '../../fleet-agent/kiosk/activity';

/** The pretend shop behind the client: what health reads, settable by a test. */
export interface SimulatedApp {
  readonly activity: Activity;
  setScreen(screen: Screen): void;
  setPrinterAvailable(available: boolean | null): void;
  setLastError(line: string | null): void;
  setCatalogue(catalogue: { products: number; ageMinutes: number }): void;
  /** What the updater says in health (null: this kiosk takes no updates, the default). */
  setUpdate(update: KioskHealth['update']): void;
  /** Memory moves by this many MB (split between the main process and the page). */
  growMemory(deltaMB: number): void;
}

/** What health reads of the shop besides its activity. */
export interface ShopReadings {
  printerAvailable: boolean | null;
  lastError: string | null;
  update: KioskHealth['update'];
}

export interface PretendShop {
  readonly app: SimulatedApp;
  readonly activity: Activity;
  readonly readings: Readonly<ShopReadings>;
  /** What app.getAppMetrics() would say: the browser process and one renderer, in KB. */
  appMetrics(): ProcessMemory[];
  /** Shoppers start coming, the first within three seconds. */
  startShoppers(): void;
  stopShoppers(): void;
}

export interface PretendShopOptions {
  random: () => number;
  startedAt: number;
  /** The screen at start (default: attract, as a kiosk that has just started). */
  screen?: Screen | undefined;
  /** Main + renderer memory at start, MB (default: 220–340 at random). */
  memoryMB?: number | undefined;
}

/** Main and renderer memory, drifting a little with every shopper. */
function createMemoryDrift(random: () => number, startMB: number) {
  let mainMB = startMB * 0.35;
  let rendererMB = startMB - mainMB;
  return {
    drift: (): void => {
      mainMB = Math.min(900, Math.max(60, mainMB + (random() - 0.45) * 4));
      rendererMB = Math.min(1500, Math.max(100, rendererMB + (random() - 0.45) * 8));
    },
    grow: (deltaMB: number): void => {
      mainMB += deltaMB / 3;
      rendererMB += (deltaMB * 2) / 3;
    },
    metrics: (): ProcessMemory[] => [
      { type: 'Browser', memory: { workingSetSize: Math.round(mainMB * 1024) } },
      { type: 'Tab', memory: { workingSetSize: Math.round(rendererMB * 1024) } },
    ],
  };
}

/** One shopper's step: arrive, shop, then buy (a receipt) or walk away (a wipe). */
function shopperStep(activity: Activity, random: () => number): void {
  const { screen } = activity.snapshot();
  activity.input();
  if (screen === 'attract') activity.setScreen('shopping');
  else if (screen === 'shopping') {
    if (random() < 0.6) {
      activity.setScreen('receipt');
      activity.receiptIssued();
    } else {
      activity.idleWiped();
      activity.setScreen('attract');
    }
  } else activity.setScreen('attract');
}

export function createPretendShop(options: PretendShopOptions): PretendShop {
  const { random } = options;
  // The idle wipe is on, as on a counter kiosk: only the attract screen is a safe moment.
  const activity = createActivity({ idleWipeEnabled: () => true });
  activity.setScreen(options.screen ?? 'attract');
  activity.catalogueLoaded({ products: 20, fetchedAt: options.startedAt, source: 'embedded' });
  const memory = createMemoryDrift(random, options.memoryMB ?? 220 + random() * 120);
  const readings: ShopReadings = { printerAvailable: true, lastError: null, update: null };
  let shopperTimer: NodeJS.Timeout | null = null;

  // A shopper arrives every few seconds, shops, then buys (a receipt) or walks away (a wipe).
  const step = (): void => {
    shopperStep(activity, random);
    memory.drift();
    shopperTimer = setTimeout(step, 500 + random() * 2500);
  };

  return {
    activity,
    readings,
    appMetrics: memory.metrics,
    startShoppers: () => {
      shopperTimer = setTimeout(step, random() * 3000);
    },
    stopShoppers: () => {
      if (shopperTimer) clearTimeout(shopperTimer);
      shopperTimer = null;
    },
    app: {
      activity,
      setScreen: (screen) => activity.setScreen(screen),
      setPrinterAvailable: (available) => {
        readings.printerAvailable = available;
      },
      setLastError: (line) => {
        readings.lastError = line;
      },
      setCatalogue: ({ products, ageMinutes }) =>
        activity.catalogueLoaded({
          products,
          fetchedAt: Date.now() - ageMinutes * 60_000,
          source: 'embedded',
        }),
      setUpdate: (next) => {
        readings.update = next;
      },
      growMemory: memory.grow,
    },
  };
}
