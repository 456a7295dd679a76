/**
 * The IPC contract between the Electron main process, the preload script and the
 * renderer. The preload exposes exactly `KioskBridge` as `window.kiosk`; the renderer
 * never sees ipcRenderer. Types only (plus channel names), so every side can import it.
 */
import type { ShopperLanguage } from './languages';
import type { PrintableReceipt } from './printable-receipt';

/** What the renderer needs to know about the machine it runs on. */
export interface RendererConfig {
  /** Base URL of the FakeStore-shaped catalogue, without a trailing slash. */
  catalogueUrl: string;
  /** 'kiosk' = unattended full-screen counter; 'windowed' = staff demo on a laptop. */
  mode: 'kiosk' | 'windowed';
  /** Seconds without input before the kiosk asks "Are you still there?"; 0 = never. */
  idleTimeoutSeconds: number;
  /** Seconds that question counts down before the shopper's session is wiped. */
  idleCountdownSeconds: number;
  /**
   * A cached catalogue older than this is fetched again after the next idle wipe, between
   * shoppers (the web build never refreshes: spec §7).
   */
  catalogueMaxAgeMinutes: number;
  /**
   * The audio output speech plays on (a device id or its label, as the operating system
   * lists it), e.g. a headset jack so speech is private; empty: the system's default.
   */
  speechOutputDevice?: string;
  /** The languages the shopper may choose, in the order offered; all of them when absent. */
  languages?: ShopperLanguage[];
  /** The language each session starts in, and returns to at the idle wipe; English when absent. */
  defaultLanguage?: ShopperLanguage;
}

/**
 * The page's settings that change while it runs (main sends them through onConfigChanged);
 * the rest stay as the page started with them until main relaunches the kiosk. The kiosk's
 * key table alone decides which keys are live: main derives this list from it, and a test
 * of main's live effects holds this copy (the page cannot import the table) to it.
 */
export const LIVE_PAGE_SETTINGS = [
  'idleTimeoutSeconds',
  'idleCountdownSeconds',
] as const satisfies readonly (keyof RendererConfig)[];

/** The main process's answer to a staff PIN. */
export type StaffExitResult =
  /**
   * With a pairing code (the kiosk waits to be enrolled), the kiosk stays open: the dialog
   * shows the code to staff, and closes the kiosk only when they confirm (confirmStaffExit).
   */
  | { status: 'accepted'; pairingCode?: string }
  | { status: 'wrong' }
  /** Too many wrong PINs: no PIN, right or wrong, is checked until the wait is over. */
  | { status: 'locked'; retryAfterSeconds: number };

export interface KioskBridge {
  /** The configuration chosen by the main process (CLI > env > file > defaults). */
  getConfig(): RendererConfig;
  /** Subscribe to the staff exit chord; returns an unsubscribe function. */
  onStaffExitRequested(listener: () => void): () => void;
  /** Ask the main process to quit; it answers whether the PIN was right or entry is locked. */
  submitStaffExitPin(pin: string): Promise<StaffExitResult>;
  /**
   * Prints a slip of this receipt, which main checks and draws itself (never the page):
   * silently to the configured receipt printer in a kiosk, through the system print
   * dialog in staff mode. At most twice per receipt id; gives up after 30 s.
   */
  printReceipt(receipt: PrintableReceipt): Promise<PrintResult>;
}

/** How a print went; a failure carries a sentence a shopper can read. */
export type PrintResult = { ok: true } | { ok: false; message: string };

/** What the shopper sees, as far as the kiosk's health and safe moments care. */
export const KIOSK_SCREENS = ['attract', 'shopping', 'receipt'] as const;
export type KioskScreen = (typeof KIOSK_SCREENS)[number];

/** The catalogue list the shopper sees: how many products, fetched when (ms), from where. */
export interface CatalogueInfo {
  products: number;
  fetchedAt: number;
  /** "embedded", or the origin of the catalogue the list came from. */
  source?: string;
  /** The last background refresh that failed (the old list stays); null once one succeeds. */
  refreshFailure?: CatalogueRefreshFailure | null;
}

export interface CatalogueRefreshFailure {
  /** When it failed, ms since the epoch. */
  at: number;
  /** Why, in one line (no product data). */
  message: string;
}

/**
 * A confirmed receipt to sign, with no personal data: receipt id, time (ms), items as
 * [productId, quantity] and total in cents. Main adds the kiosk id and signs it.
 */
export interface ReceiptToSign {
  r: string;
  t: number;
  i: [number, number][];
  c: number;
}

/**
 * A confirmed order as the page hands it to main, which adds the kiosk id, signs it and
 * sends it to the shop service (when one is configured) in the background. What was bought
 * and nothing about who: receipt id, time (ms), one line per product with the title shown
 * and the unit price, and the lines' total, all in integer cents.
 */
export interface OrderToSend {
  receiptId: string;
  at: number;
  lines: OrderLineToSend[];
  /** The sum of quantity × priceCents, before savings and tax. */
  totalCents: number;
}

export interface OrderLineToSend {
  productId: number;
  title: string;
  quantity: number;
  priceCents: number;
  /** The product's image as the page showed it; main decides what, if anything, goes on. */
  image?: string;
}

/**
 * What the renderer tells main about the kiosk's activity (for the fleet's health and for
 * choosing safe moments), and what main pushes back. Counts and states only, never what is
 * in a cart. Fire-and-forget: a report can never hold up or break the shop.
 */
export interface KioskActivityBridge {
  reportScreen(screen: KioskScreen): void;
  /** A touch, click or key; the bridge sends at most one every few seconds. */
  reportInput(): void;
  /** A dialog (idle prompt, staff PIN) opened or closed. */
  reportDialog(open: boolean): void;
  reportIdleWipe(): void;
  reportReceipt(): void;
  reportCatalogue(info: CatalogueInfo): void;
  /**
   * The signed `KSR1.` code for the receipt QR, or null (no fleet configured, or anything
   * wrong): then the QR shows the plain receipt id.
   */
  signReceipt(receipt: ReceiptToSign): Promise<string | null>;
  /**
   * Hands main a confirmed order, once, at the confirm step. Fire-and-forget: main keeps
   * and sends it itself, and the page never hears how that went.
   */
  sendOrder(order: OrderToSend): void;
  /** New settings from main (a remote config, a reload); returns an unsubscribe function. */
  onConfigChanged(listener: (config: RendererConfig) => void): () => void;
  /**
   * The fleet's refresh-catalogue command, sent by main on CATALOGUE_REFRESH_CHANNEL: the
   * renderer fetches in the background between shoppers. Returns an unsubscribe function.
   */
  onCatalogueRefresh(listener: () => void): () => void;
  /**
   * The store closed (true) or opened (false), by its opening hours; main sends it only at
   * a moment nobody is served. Returns an unsubscribe function.
   */
  onStoreClosed(listener: (closed: boolean) => void): () => void;
}

/** The longest text one speech request may carry; the renderer speaks longer text in parts. */
export const MAX_SPEECH_CHARS = 1000;
/** The largest WAV main hands back (1000 characters of espeak-ng are about 3 MB). */
export const MAX_SPEECH_WAV_BYTES = 16 * 1024 * 1024;

/**
 * Speech for a kiosk whose system has no voices: main runs Debian's espeak-ng
 * on the text and answers with the WAV it made, which the page plays through an <audio>
 * element; null when it cannot (no espeak-ng, a bad request, a newer request came first).
 */
export interface KioskSpeechBridge {
  /** `lang` is the page's language (`<html lang>`), e.g. "en" or "en-GB". */
  speak(text: string, lang: string): Promise<Uint8Array | null>;
  /** Which of the shop's languages espeak-ng has a voice for (none without espeak-ng). */
  speechLanguages(): Promise<ShopperLanguage[]>;
}

/**
 * The order's collection number (shared/collection-number.ts), given by main without the
 * network: the kiosk's letter and the day's next number, "C 27". Asked once the receipt
 * exists; the same receipt asked again gets the same number.
 */
export interface KioskCollectionBridge {
  /** The number for this receipt id, or null when main gives none (the page then shows none). */
  collectionNumber(receiptId: string): Promise<string | null>;
}

/** Staff's side after the PIN, when the kiosk had a pairing code to show them. */
export interface KioskStaffBridge {
  /** Closes the kiosk, if the PIN was accepted within the last few minutes; else false. */
  confirmStaffExit(): Promise<boolean>;
}

/** What the preload exposes as `window.kiosk`. */
export type KioskPreloadApi = KioskBridge &
  KioskActivityBridge &
  KioskSpeechBridge &
  KioskStaffBridge &
  KioskCollectionBridge;

/**
 * Main → renderer: the fleet asks for a fresh catalogue now (main sends it only at a safe
 * moment: the attract screen, or nobody there). The preload's onCatalogueRefresh listens.
 */
export const CATALOGUE_REFRESH_CHANNEL = 'catalogue:refresh';

export const IPC_CHANNELS = {
  staffExitRequested: 'kiosk:staff-exit-requested',
  submitStaffExitPin: 'kiosk:submit-staff-exit-pin',
  printReceipt: 'kiosk:print-receipt',
  reportScreen: 'kiosk:report-screen',
  reportInput: 'kiosk:report-input',
  reportDialog: 'kiosk:report-dialog',
  reportIdleWipe: 'kiosk:report-idle-wipe',
  reportReceipt: 'kiosk:report-receipt',
  reportCatalogue: 'kiosk:report-catalogue',
  signReceipt: 'kiosk:sign-receipt',
  sendOrder: 'kiosk:send-order',
  configChanged: 'kiosk:config-changed',
  storeClosed: 'kiosk:store-closed',
  speak: 'kiosk:speak',
  speechLanguages: 'kiosk:speech-languages',
  confirmStaffExit: 'kiosk:confirm-staff-exit',
  collectionNumber: 'kiosk:collection-number',
} as const;

/** Name of the argv entry through which main hands the config to the sandboxed preload. */
export const CONFIG_ARG_PREFIX = '--kiosk-renderer-config=';
