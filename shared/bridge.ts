/**
 * The IPC contract between the Electron main process, the preload script and the
 * renderer. The preload exposes exactly `KioskBridge` as `window.kiosk`; the renderer
 * never sees ipcRenderer. Types only (plus channel names), so every side can import it.
 */
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
}

/** The main process's answer to a staff PIN. */
export type StaffExitResult =
  | { status: 'accepted' }
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

export const IPC_CHANNELS = {
  staffExitRequested: 'kiosk:staff-exit-requested',
  submitStaffExitPin: 'kiosk:submit-staff-exit-pin',
  printReceipt: 'kiosk:print-receipt',
} as const;

/** Name of the argv entry through which main hands the config to the sandboxed preload. */
export const CONFIG_ARG_PREFIX = '--kiosk-renderer-config=';
