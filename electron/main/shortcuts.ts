/**
 * Keyboard shortcuts that would let a shopper escape or break the kiosk (reload, devtools,
 * zoom, print, close, view source…) are swallowed in `before-input-event`, before Chromium
 * acts on them. One chord is reserved for staff: it asks the renderer for the exit PIN.
 */
import type { Input, WebContents } from 'electron';
import { IPC_CHANNELS } from '../../shared/bridge';

/** Ctrl+Alt+Shift+Q: four keys no shopper presses by accident. */
export const STAFF_EXIT_CHORD = 'Ctrl+Alt+Shift+Q';

export type InputVerdict = 'allow' | 'block' | 'staff-exit';

export type KeyInput = Pick<Input, 'type' | 'key' | 'code' | 'control' | 'meta' | 'alt' | 'shift'>;

const DEVTOOLS_CODES = new Set(['KeyI', 'KeyJ', 'KeyC']);
/** With Ctrl (or Cmd): reload, print, save, open, new window/tab, close, view source, find, zoom. */
const COMMAND_CODES = new Set([
  'KeyR',
  'KeyP',
  'KeyS',
  'KeyO',
  'KeyN',
  'KeyT',
  'KeyW',
  'KeyU',
  'KeyQ',
  'KeyF',
  'KeyG',
  'KeyH',
  'KeyJ',
  'KeyL',
  'Equal',
  'Minus',
  'Digit0',
  'NumpadAdd',
  'NumpadSubtract',
  'Numpad0',
  'Tab',
  'F4',
  'PageUp',
  'PageDown',
]);
const ZOOM_KEYS = new Set(['+', '-', '=', '_', '0']);
const BLOCKED_KEYS = new Set([
  'F1',
  'F3',
  'F5',
  'F6',
  'F7',
  'F10',
  'F11',
  'F12',
  'BrowserBack',
  'BrowserForward',
  'BrowserRefresh',
  'BrowserHome',
  'BrowserSearch',
  'ZoomIn',
  'ZoomOut',
  'Print',
]);

export function isStaffExitChord(input: KeyInput): boolean {
  return input.control && input.alt && input.shift && !input.meta && input.code === 'KeyQ';
}

export function classifyInput(input: KeyInput, options: { allowDevTools: boolean }): InputVerdict {
  if (input.type !== 'keyDown' && input.type !== 'rawKeyDown') return 'allow';
  if (isStaffExitChord(input)) return 'staff-exit';
  const command = input.control || input.meta;
  const isDevToolsKey =
    input.code === 'F12' ||
    (command && (input.shift || input.alt) && DEVTOOLS_CODES.has(input.code));
  if (isDevToolsKey) return options.allowDevTools ? 'allow' : 'block';
  if (BLOCKED_KEYS.has(input.code) || BLOCKED_KEYS.has(input.key)) return 'block';
  if (command && COMMAND_CODES.has(input.code)) return 'block';
  // Zoom by the character typed, for layouts where + or - is not on Equal/Minus (de, fr…).
  if (command && ZOOM_KEYS.has(input.key)) return 'block';
  // Alt+F4 closes the window, Alt+Left/Right navigates history, Alt+Home goes home,
  // Alt+Space opens the window's system menu (Move, Close) on Windows.
  if (input.alt && ['F4', 'ArrowLeft', 'ArrowRight', 'Home', 'Space'].includes(input.code)) {
    return 'block';
  }
  return 'allow';
}

export interface ShortcutOptions {
  allowDevTools: boolean;
}

export function setupShortcutBlocker(contents: WebContents, options: ShortcutOptions): void {
  contents.on('before-input-event', (event, input) => {
    const verdict = classifyInput(input, options);
    if (verdict === 'allow') return;
    event.preventDefault();
    if (verdict === 'staff-exit') contents.send(IPC_CHANNELS.staffExitRequested);
  });
  // Ctrl+wheel and trackpad pinch zoom the page; a kiosk's layout must not move.
  contents.on('zoom-changed', () => {
    contents.setZoomLevel(0);
  });
  contents.on('did-finish-load', () => {
    void contents.setVisualZoomLevelLimits(1, 1);
  });
  // Electron shows no context menu of its own; handling the event keeps it that way.
  contents.on('context-menu', (event) => {
    event.preventDefault();
  });
}
