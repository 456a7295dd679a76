/**
 * The page's requests for a collection number, answered in main: only the app's own top
 * page, only for a receipt id of the spec's shape; the letter configured or taken from the
 * kiosk id, said in the log; the counter in userData, or in memory when it cannot be
 * written.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcMain } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failSafeStart } from '../../../../electron/main/collection/collection-day';
import { COLLECTION_COUNTER_FILE } from '../../../../electron/main/collection/collection-counter-file';
import { defaultCollectionLetter } from '../../../../electron/main/collection/collection-letter';
import {
  setupCollectionNumbers,
  type CollectionNumbersSetup,
} from '../../../../electron/main/collection/setup-collection-numbers';
import { IPC_CHANNELS } from '../../../../shared/bridge';
import { as, fakeLogger, ipcEventFrom } from '../../support/fake-electron';

vi.mock('electron', () => ({}));

const APP = ipcEventFrom('app://shop/index.html');
const RECEIPT = 'Receipt-1741078800000-7';
/** 10:00 UTC on 4 March 2025. */
const NOW = Date.UTC(2025, 2, 4, 10, 0, 0);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'collection-setup-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

type Handler = (event: unknown, ...args: unknown[]) => unknown;

function setup(overrides: Partial<CollectionNumbersSetup> = {}) {
  const handlers = new Map<string, Handler>();
  const log = fakeLogger();
  const kioskId = vi.fn(() => 'kiosk-00aa11bb22cc');
  const numbers = setupCollectionNumbers({
    ipcMain: as<IpcMain>({
      handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
    }),
    config: { collectionLetter: 'K' },
    kioskId,
    userData: { dir },
    timeZone: () => 'UTC',
    log,
    now: () => NOW,
    ...overrides,
  });
  const ask = (event: unknown, receiptId: unknown): unknown => {
    const handler = handlers.get(IPC_CHANNELS.collectionNumber);
    if (!handler) throw new Error('nothing answers collectionNumber');
    return handler(event, receiptId);
  };
  return { numbers, ask, log, kioskId };
}

describe('collection numbers for the page', () => {
  it('answers the app’s page with the kiosk’s letter and the day’s number, kept in userData', () => {
    const { ask, log, kioskId, numbers } = setup();
    const first = ask(APP, RECEIPT);
    // A fresh userData knows nothing of today: it starts past what it could have given.
    expect(first).toBe(`K ${failSafeStart(10 * 3600)}`);
    expect(ask(APP, RECEIPT)).toBe(first);
    expect(numbers.forReceipt(RECEIPT)).toBe(first);
    expect(existsSync(join(dir, COLLECTION_COUNTER_FILE))).toBe(true);
    expect(kioskId).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith('Collection numbers: letter K (collectionLetter)');
  });

  it('takes the letter from the kiosk id when none is configured, and says to set one', () => {
    const { ask, log } = setup({ config: { collectionLetter: '' } });
    const letter = defaultCollectionLetter('kiosk-00aa11bb22cc');
    expect(String(ask(APP, RECEIPT))).toMatch(new RegExp(`^${letter} \\d+$`));
    expect(log.info).toHaveBeenCalledWith(
      `Collection numbers: letter ${letter}, taken from the kiosk id kiosk-00aa11bb22cc; give each kiosk of a shop its own collectionLetter`,
    );
  });

  it('gives nothing to a stranger, an iframe or a gone frame, and logs a stranger once', () => {
    const { ask, log, numbers } = setup();
    expect(ask(ipcEventFrom('https://evil.example/'), RECEIPT)).toBeNull();
    expect(ask(ipcEventFrom('https://evil.example/'), RECEIPT)).toBeNull();
    expect(ask(ipcEventFrom('app://shop/index.html', { subframe: true }), RECEIPT)).toBeNull();
    expect(ask(ipcEventFrom(null), RECEIPT)).toBeNull();
    expect(numbers.forReceipt(RECEIPT)).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      `IPC: rejected ${IPC_CHANNELS.collectionNumber} from https://evil.example/`,
    );
  });

  it('gives nothing for what is not a receipt id, and uses no number on it', () => {
    const { ask } = setup();
    for (const bad of ['Receipt-x', '', 42, null, { id: RECEIPT }, `${RECEIPT}\n`]) {
      expect(ask(APP, bad), JSON.stringify(bad)).toBeNull();
    }
    expect(ask(APP, RECEIPT)).toBe(`K ${failSafeStart(10 * 3600)}`);
  });

  it('keeps the counter in memory when userData cannot be written, and says why', () => {
    const { ask, log } = setup({ userData: { dir: null, why: 'EROFS' } });
    expect(ask(APP, RECEIPT)).toBe(`K ${failSafeStart(10 * 3600)}`);
    expect(existsSync(join(dir, COLLECTION_COUNTER_FILE))).toBe(false);
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(/^Collection numbers: userData cannot be written \(EROFS\); today's/),
    );
  });

  it('answers null, and logs, when no number can be made', () => {
    const { ask, log } = setup({
      now: () => {
        throw new Error('no clock');
      },
    });
    expect(ask(APP, RECEIPT)).toBeNull();
    expect(log.error).toHaveBeenCalledWith(
      `Collection numbers: no number for ${RECEIPT} (no clock)`,
    );
  });
});
