import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askForThePainter, keptForThisLaunch, watchForTouches } from './launch-check';
import { storageOf } from '@/test/launch-fixtures';
import { BUILD_META, LAUNCH_SCREEN_KEY, launchKey } from './launch-screen';

const bridge = { getConfig: () => ({ mode: 'kiosk' }) };
const PAINTER = './assets/launch-paint-AbC_1-2.js';

function keptFor(key: string | null): Record<string, string> {
  return { cart: '[]', [LAUNCH_SCREEN_KEY]: JSON.stringify({ v: 1, key, html: '<p>x</p>' }) };
}

function launchScript(painter: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.setAttribute('data-paint', painter);
  return script;
}

beforeEach(() => {
  document.head.innerHTML = `<meta name="${BUILD_META}" content="b1">`;
  delete document.documentElement.dataset.launchScreen;
});

afterEach(() => vi.restoreAllMocks());

describe('the launch script’s check', () => {
  const key = () => launchKey(document, bridge, storageOf({ cart: '[]' }));

  it('finds a screen kept for this launch, and none for another or a broken value', () => {
    expect(keptForThisLaunch(document, bridge, storageOf(keptFor(key())))).toBe(true);
    expect(keptForThisLaunch(document, bridge, storageOf(keptFor('another')))).toBe(false);
    expect(keptForThisLaunch(document, null, storageOf(keptFor(key())))).toBe(false);
    const broken = { cart: '[]', [LAUNCH_SCREEN_KEY]: '{"key":' };
    expect(keptForThisLaunch(document, bridge, storageOf(broken))).toBe(false);
    expect(keptForThisLaunch(document, bridge, storageOf({ cart: '[]' }))).toBe(false);
    document.head.innerHTML = '';
    expect(keptForThisLaunch(document, bridge, storageOf(keptFor(null)))).toBe(false);
  });

  it('has the parser run the painter only for a kept screen, and only the build’s own file', () => {
    const write = vi.spyOn(document, 'write').mockImplementation(() => undefined);
    const kept = storageOf(keptFor(key()));
    expect(askForThePainter(document, launchScript(PAINTER), bridge, kept)).toBe(true);
    expect(write).toHaveBeenCalledWith(`<script src="${PAINTER}"></script>`);
    write.mockClear();
    const none = storageOf({ cart: '[]' });
    expect(askForThePainter(document, launchScript(PAINTER), bridge, none)).toBe(false);
    for (const painter of [
      'https://example.com/launch-paint-1.js',
      './assets/launch-paint-1.js"></script><script>ran()</script><script x="',
      './assets/other-1.js',
      '../assets/launch-paint-1.js',
      '',
    ]) {
      expect(askForThePainter(document, launchScript(painter), bridge, kept), painter).toBe(false);
    }
    expect(askForThePainter(document, null, bridge, kept)).toBe(false);
    expect(write).not.toHaveBeenCalled();
  });

  it('marks the page at the first touch or key', () => {
    watchForTouches(document);
    expect(document.documentElement.dataset.launchScreen).toBeUndefined();
    document.dispatchEvent(new Event('keydown'));
    expect(document.documentElement.dataset.launchScreen).toBe('touched');
    delete document.documentElement.dataset.launchScreen;
    watchForTouches(document);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(document.documentElement.dataset.launchScreen).toBe('touched');
  });
});
