/**
 * The activity half of `window.kiosk`: the renderer's reports to main (screen, input,
 * dialogs, wipes, receipts, catalogue), the receipt-signing request, the confirmed order
 * handed over for the shop service, and main's pushes
 * (new settings, a catalogue refresh). Built from an ipcRenderer-like object so it is
 * unit-tested without Electron; the page gets named functions only.
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import {
  CATALOGUE_REFRESH_CHANNEL,
  IPC_CHANNELS,
  KIOSK_SCREENS,
  type CatalogueInfo,
  type CatalogueRefreshFailure,
  type KioskActivityBridge,
  type KioskScreen,
  type OrderLineToSend,
  type OrderToSend,
  type ReceiptToSign,
} from '../../shared/bridge';
import { isRendererConfig } from '../../shared/renderer-config-arg';

/** At most one input report per this many ms: the page may report every touch. */
export const INPUT_REPORT_INTERVAL_MS = 2000;

/** The longest receipt code the page accepts from main (a QR beyond it will not scan). */
const MAX_RECEIPT_CODE_LENGTH = 1500;

const isCount = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max;

/** Only a `KSR1.` code of a sane length reaches the page; anything else is no code. */
function toReceiptCode(answer: unknown): string | null {
  return typeof answer === 'string' &&
    answer.startsWith('KSR1.') &&
    answer.length <= MAX_RECEIPT_CODE_LENGTH &&
    /^[A-Za-z0-9_.-]+$/.test(answer)
    ? answer
    : null;
}

/** The longest catalogue source (an origin) and failure message a report carries. */
export const MAX_SOURCE_LENGTH = 256;
export const MAX_FAILURE_LENGTH = 200;

/** One line of printable text, at most `max` long, or undefined. */
function lineOf(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const line = value.replace(/\p{Cc}+/gu, ' ').trim();
  return line === '' ? undefined : line.slice(0, max);
}

function toRefreshFailure(value: unknown): CatalogueRefreshFailure | null | undefined {
  if (value === null) return null;
  const { at, message } = fieldsOf(value);
  const text = lineOf(message, MAX_FAILURE_LENGTH);
  return isCount(at, 8.64e15) && text !== undefined ? { at, message: text } : undefined;
}

/** The report as main may read it: counts, an origin, a failure line; nothing else. */
function toCatalogueInfo(info: unknown): CatalogueInfo | null {
  const { products, fetchedAt, source, refreshFailure } = fieldsOf(info);
  if (!isCount(products, 1_000_000) || !isCount(fetchedAt, 8.64e15)) return null;
  const report: CatalogueInfo = { products, fetchedAt };
  const origin = lineOf(source, MAX_SOURCE_LENGTH);
  if (origin !== undefined) report.source = origin;
  const failure = toRefreshFailure(refreshFailure);
  if (failure !== undefined) report.refreshFailure = failure;
  return report;
}

/** The most lines and the longest title an order may carry across; main checks it again. */
export const MAX_ORDER_LINES = 100;
export const MAX_ORDER_TITLE_LENGTH = 1000;
/** The longest image URL a line carries across: a catalogue's longest (PRODUCT_LIMITS.image). */
export const MAX_ORDER_IMAGE_LENGTH = 2000;

const isWholeNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function toOrderLine(value: unknown): OrderLineToSend | null {
  const { productId, title, quantity, priceCents, image } = fieldsOf(value);
  if (typeof title !== 'string' || title.length > MAX_ORDER_TITLE_LENGTH) return null;
  if (![productId, quantity, priceCents].every(isWholeNumber)) return null;
  return {
    productId: productId as number,
    title,
    quantity: quantity as number,
    priceCents: priceCents as number,
    // A picture that is not one costs the line nothing: it goes on without it.
    ...(typeof image === 'string' && image.length <= MAX_ORDER_IMAGE_LENGTH ? { image } : {}),
  };
}

/**
 * The order as main may read it: its named fields, copied, and nothing else the page put
 * beside them. Main checks every value again before it keeps one.
 */
function toOrderToSend(order: unknown): OrderToSend | null {
  const { receiptId, at, lines, totalCents } = fieldsOf(order);
  if (typeof receiptId !== 'string' || receiptId.length > 64) return null;
  if (!isWholeNumber(at) || !isWholeNumber(totalCents)) return null;
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > MAX_ORDER_LINES) return null;
  const checked = lines.map(toOrderLine);
  if (!checked.every((line): line is OrderLineToSend => line !== null)) return null;
  return { receiptId, at, lines: checked, totalCents };
}

function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function subscribe(
  ipc: Pick<IpcRenderer, 'on' | 'removeListener'>,
  channel: string,
  handle: (...args: unknown[]) => void,
): () => void {
  // Wrapped so the IPC event object (which holds `sender`) never reaches the page.
  const handler = (_event: IpcRendererEvent, ...args: unknown[]): void => {
    handle(...args);
  };
  ipc.on(channel, handler);
  return () => {
    ipc.removeListener(channel, handler);
  };
}

/**
 * The activity reports and the fleet's pushes. Reports are checked here as well as in
 * main, sent without waiting, and never throw into the page.
 */
export function createActivityBridge(
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener' | 'send'>,
  now: () => number = Date.now,
): KioskActivityBridge {
  let lastInputReport = Number.NEGATIVE_INFINITY;
  const send = (channel: string, ...args: unknown[]): void => {
    try {
      ipc.send(channel, ...args);
    } catch {
      // A report that cannot be sent costs only itself.
    }
  };
  return {
    reportScreen: (screen: KioskScreen) => {
      if ((KIOSK_SCREENS as readonly unknown[]).includes(screen)) {
        send(IPC_CHANNELS.reportScreen, screen);
      }
    },
    reportInput: () => {
      const at = now();
      if (at - lastInputReport < INPUT_REPORT_INTERVAL_MS) return;
      lastInputReport = at;
      send(IPC_CHANNELS.reportInput);
    },
    reportDialog: (open: boolean) => {
      if (typeof open === 'boolean') send(IPC_CHANNELS.reportDialog, open);
    },
    reportIdleWipe: () => {
      send(IPC_CHANNELS.reportIdleWipe);
    },
    reportReceipt: () => {
      send(IPC_CHANNELS.reportReceipt);
    },
    // Typed `unknown`: the page is not trusted to keep to the types.
    reportCatalogue: (info: unknown) => {
      const report = toCatalogueInfo(info);
      if (report) send(IPC_CHANNELS.reportCatalogue, report);
    },
    signReceipt: async (receipt: ReceiptToSign) => {
      try {
        return toReceiptCode(await ipc.invoke(IPC_CHANNELS.signReceipt, receipt));
      } catch {
        return null;
      }
    },
    // Typed `unknown`, like the reports: only a checked copy crosses to main.
    sendOrder: (order: unknown) => {
      const checked = toOrderToSend(order);
      if (checked) send(IPC_CHANNELS.sendOrder, checked);
    },
    onConfigChanged: (listener) =>
      subscribe(ipc, IPC_CHANNELS.configChanged, (config) => {
        if (!isRendererConfig(config)) return;
        const { catalogueUrl, mode, idleTimeoutSeconds, idleCountdownSeconds } = config;
        const { catalogueMaxAgeMinutes, speechOutputDevice } = config;
        const { languages, defaultLanguage } = config;
        listener(
          Object.freeze({
            catalogueUrl,
            mode,
            idleTimeoutSeconds,
            idleCountdownSeconds,
            catalogueMaxAgeMinutes,
            ...(speechOutputDevice === undefined ? {} : { speechOutputDevice }),
            ...(languages === undefined ? {} : { languages: [...languages] }),
            ...(defaultLanguage === undefined ? {} : { defaultLanguage }),
          }),
        );
      }),
    onCatalogueRefresh: (listener) =>
      subscribe(ipc, CATALOGUE_REFRESH_CHANNEL, () => {
        listener();
      }),
    onStoreClosed: (listener) =>
      subscribe(ipc, IPC_CHANNELS.storeClosed, (closed) => {
        if (typeof closed === 'boolean') listener(closed);
      }),
  };
}
