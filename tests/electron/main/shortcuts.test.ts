import type { WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  classifyInput,
  setupShortcutBlocker,
  type KeyInput,
} from '../../../electron/main/shortcuts';
import { IPC_CHANNELS } from '../../../shared/bridge';
import { as, FakeEvent, FakeWebContents } from '../support/fake-electron';

vi.mock('electron', () => ({}));

function key(code: string, modifiers: Partial<KeyInput> = {}): KeyInput {
  const key = code.startsWith('Key') ? code.slice(3).toLowerCase() : code;
  return {
    type: 'keyDown',
    key,
    code,
    control: false,
    meta: false,
    alt: false,
    shift: false,
    ...modifiers,
  };
}

const kiosk = { allowDevTools: false };

describe('the shortcut blocker', () => {
  it.each([
    ['reload (F5)', key('F5')],
    ['reload (Ctrl+R)', key('KeyR', { control: true })],
    ['hard reload (Ctrl+Shift+R)', key('KeyR', { control: true, shift: true })],
    ['devtools (F12)', key('F12')],
    ['devtools (Ctrl+Shift+I)', key('KeyI', { control: true, shift: true })],
    ['devtools (Cmd+Alt+I)', key('KeyI', { meta: true, alt: true })],
    ['zoom in (Ctrl+=)', key('Equal', { control: true })],
    ['zoom out (Ctrl+-)', key('Minus', { control: true })],
    ['reset zoom (Ctrl+0)', key('Digit0', { control: true })],
    ['print (Ctrl+P)', key('KeyP', { control: true })],
    ['close (Ctrl+W)', key('KeyW', { control: true })],
    ['close (Alt+F4)', key('F4', { alt: true })],
    ['back (Alt+Left)', key('ArrowLeft', { alt: true })],
    ['view source (Ctrl+U)', key('KeyU', { control: true })],
    ['full screen toggle (F11)', key('F11')],
    [
      'zoom in on a German layout (Ctrl + on BracketRight)',
      { ...key('BracketRight', { control: true }), key: '+' },
    ],
    [
      'zoom in with Shift (Ctrl+Shift+=)',
      { ...key('Equal', { control: true, shift: true }), key: '+' },
    ],
    ['zoom in on the keypad (Ctrl+NumpadAdd)', key('NumpadAdd', { control: true })],
    ['the window system menu (Alt+Space)', key('Space', { alt: true })],
    ['forward (Alt+Right)', key('ArrowRight', { alt: true })],
    ['close tab (Ctrl+F4)', key('F4', { control: true })],
    ['quit (Ctrl+Q)', key('KeyQ', { control: true })],
    ['browser back key', key('BrowserBack')],
  ])('blocks %s', (_name, input) => {
    expect(classifyInput(input, kiosk)).toBe('block');
  });

  it.each([
    ['typing', key('KeyA')],
    ['capitals', key('KeyA', { shift: true })],
    ['copy', key('KeyC', { control: true })],
    ['paste', key('KeyV', { control: true })],
    ['Enter', key('Enter')],
    ['Tab', key('Tab')],
    ['Backspace', key('Backspace')],
    ['a plus sign in the search box', { ...key('BracketRight'), key: '+' }],
    ['Space', key('Space')],
  ])('lets %s through', (_name, input) => {
    expect(classifyInput(input, kiosk)).toBe('allow');
  });

  it('lets devtools shortcuts through only in staff development mode', () => {
    expect(classifyInput(key('F12'), { allowDevTools: true })).toBe('allow');
    expect(classifyInput(key('KeyR', { control: true }), { allowDevTools: true })).toBe('block');
  });

  it('recognises the staff exit chord Ctrl+Alt+Shift+Q', () => {
    expect(classifyInput(key('KeyQ', { control: true, alt: true, shift: true }), kiosk)).toBe(
      'staff-exit',
    );
    expect(classifyInput(key('KeyQ', { control: true }), kiosk)).toBe('block');
  });

  it('swallows blocked keys before Chromium sees them', () => {
    const contents = new FakeWebContents();
    setupShortcutBlocker(as<WebContents>(contents), kiosk);
    const blocked = new FakeEvent();
    contents.emit('before-input-event', blocked, key('KeyR', { control: true }));
    expect(blocked.defaultPrevented).toBe(true);
    const typed = new FakeEvent();
    contents.emit('before-input-event', typed, key('KeyA'));
    expect(typed.defaultPrevented).toBe(false);
  });

  it('asks the renderer for the staff PIN when the chord is pressed', () => {
    const contents = new FakeWebContents();
    setupShortcutBlocker(as<WebContents>(contents), kiosk);
    const event = new FakeEvent();
    contents.emit(
      'before-input-event',
      event,
      key('KeyQ', { control: true, alt: true, shift: true }),
    );
    expect(event.defaultPrevented).toBe(true);
    expect(contents.send).toHaveBeenCalledWith(IPC_CHANNELS.staffExitRequested);
  });

  it('undoes zoom and pins pinch-zoom, and suppresses the context menu', () => {
    const contents = new FakeWebContents();
    setupShortcutBlocker(as<WebContents>(contents), kiosk);
    contents.emit('zoom-changed', new FakeEvent(), 'in');
    expect(contents.setZoomLevel).toHaveBeenCalledWith(0);
    contents.emit('did-finish-load');
    expect(contents.setVisualZoomLevelLimits).toHaveBeenCalledWith(1, 1);
    const menu = new FakeEvent();
    contents.emit('context-menu', menu, {});
    expect(menu.defaultPrevented).toBe(true);
  });
});
