/**
 * Small stand-ins for the Electron objects the main process touches. The real `electron`
 * module must never load in tests (it downloads its binary on first require).
 */
import { EventEmitter } from 'node:events';
import { vi, type Mock } from 'vitest';
import type { Logger } from '../../../electron/main/logging/logging';

export class FakeEvent {
  defaultPrevented = false;
  constructor(readonly url = '') {}
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export type WindowOpenHandler = (details: { url: string }) => { action: string };

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: WindowOpenHandler | null = null;
  send = vi.fn();
  reload = vi.fn();
  closeDevTools = vi.fn();
  setZoomLevel = vi.fn();
  setVisualZoomLevelLimits = vi.fn(() => Promise.resolve());
  forcefullyCrashRenderer = vi.fn();
  /** A printer that prints at once; tests replace it to make a job fail or hang. */
  print = vi.fn((_options: unknown, callback?: (success: boolean, reason: string) => void) => {
    callback?.(true, '');
  });
  getPrintersAsync = vi.fn(() =>
    Promise.resolve([{ name: 'Receipt', displayName: 'Receipt', description: '', options: {} }]),
  );

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static created: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  destroyed = false;
  show = vi.fn();
  focus = vi.fn();
  removeMenu = vi.fn();
  loadURL = vi.fn((_url: string) => Promise.resolve());
  destroy = vi.fn(() => {
    this.destroyed = true;
  });

  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.created.push(this);
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }
}

type LogMock = Mock<(message: string) => void>;

export function fakeLogger(): Logger & { info: LogMock; warn: LogMock; error: LogMock } {
  return {
    info: vi.fn<(message: string) => void>(),
    warn: vi.fn<(message: string) => void>(),
    error: vi.fn<(message: string) => void>(),
  };
}

export class FakeApp extends EventEmitter {
  relaunch = vi.fn();
  exit = vi.fn();
}

/** An IPC event as main receives it, from a frame at `url` (null: the frame is gone). */
export function ipcEventFrom(url: string | null, options: { subframe?: boolean } = {}): unknown {
  if (url === null) return { senderFrame: null };
  return { senderFrame: { url, parent: options.subframe ? { url } : null } };
}

/** Cast helper: the fakes implement only what the code under test uses. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a named cast is the point
export function as<T>(value: unknown): T {
  return value as T;
}
