import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepLaunchScreen, styleFileOf, type LaunchScreenKeeping } from './keep-launch-screen';
import {
  BUILD_META,
  LAUNCH_SCREEN_KEY,
  launchKey,
  readLaunchScreen,
  refuseLaunchScreen,
} from './launch-screen';

const bridge = { getConfig: () => ({ mode: 'kiosk', defaultLanguage: 'fr' }) };

function Landing({ onRender }: { onRender?: () => void }) {
  onRender?.();
  return (
    <main>
      <h1>Tout ce que vous aimez</h1>
      <a href="/products">Commencer</a>
    </main>
  );
}

function keeping(overrides: Partial<LaunchScreenKeeping> = {}): LaunchScreenKeeping {
  return {
    doc: document,
    bridge,
    storage: window.localStorage,
    app: <Landing />,
    untouched: () => true,
    ...overrides,
  };
}

const kept = () => readLaunchScreen(window.localStorage.getItem(LAUNCH_SCREEN_KEY));
const stored = (key: string) => window.localStorage.getItem(key);

beforeEach(() => {
  document.documentElement.lang = 'fr';
  document.documentElement.dir = 'ltr';
  document.documentElement.dataset.target = 'kiosk';
  document.head.innerHTML = `<meta name="${BUILD_META}" content="build-1">`;
  document.body.innerHTML = '<div id="root"></div>';
  window.localStorage.clear();
  window.localStorage.setItem('cart', '[]');
});

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('keeping the launch screen', () => {
  it('keeps React’s server render of the app under this launch’s key, once', async () => {
    expect(await keepLaunchScreen(keeping())).toBe('kept');
    const screen = kept();
    expect(screen?.key).toBe(launchKey(document, bridge, stored));
    expect(screen?.page).toEqual({ lang: 'fr', dir: 'ltr', target: 'kiosk' });
    expect(screen?.html).toBe(
      '<main><h1>Tout ce que vous aimez</h1><a href="/products">Commencer</a></main>',
    );
    const render = vi.fn();
    expect(await keepLaunchScreen(keeping({ app: <Landing onRender={render} /> }))).toBe('already');
    expect(render).not.toHaveBeenCalled();
  });

  it('keeps it afresh for another launch: another cart, config or build', async () => {
    await keepLaunchScreen(keeping());
    const first = kept()?.key;
    document.head.innerHTML = `<meta name="${BUILD_META}" content="build-2">`;
    expect(await keepLaunchScreen(keeping())).toBe('kept');
    expect(kept()?.key).not.toBe(first);
  });

  it('keeps nothing once somebody has touched the kiosk, before or while it renders', async () => {
    expect(await keepLaunchScreen(keeping({ untouched: () => false }))).toBe('not');
    let touched = false;
    const app = <Landing onRender={() => (touched = true)} />;
    expect(await keepLaunchScreen(keeping({ app, untouched: () => !touched }))).toBe('not');
    expect(stored(LAUNCH_SCREEN_KEY)).toBeNull();
  });

  it('keeps nothing for a key React could not take over, and keeps again for another', async () => {
    refuseLaunchScreen(window.localStorage, launchKey(document, bridge, stored));
    expect(await keepLaunchScreen(keeping())).toBe('not');
    window.localStorage.setItem('cart', '[{}]');
    expect(await keepLaunchScreen(keeping())).toBe('kept');
  });

  it('keeps nothing when the cart changes while it renders', async () => {
    const app = <Landing onRender={() => window.localStorage.setItem('cart', '[{}]')} />;
    expect(await keepLaunchScreen(keeping({ app }))).toBe('not');
    expect(stored(LAUNCH_SCREEN_KEY)).toBeNull();
  });

  it('keeps nothing that failed to render, or that is not plain markup', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('no');
    }
    expect(await keepLaunchScreen(keeping({ app: <Broken /> }))).toBe('not');
    expect(await keepLaunchScreen(keeping({ app: <img src="/x.png" alt="" /> }))).toBe('not');
    expect(stored(LAUNCH_SCREEN_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing without the build’s name, a storage, or room in it', async () => {
    document.head.innerHTML = '';
    expect(await keepLaunchScreen(keeping())).toBe('not');
    document.head.innerHTML = `<meta name="${BUILD_META}" content="build-1">`;
    expect(await keepLaunchScreen(keeping({ storage: null }))).toBe('not');
    const full = {
      getItem: (key: string) => window.localStorage.getItem(key),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(await keepLaunchScreen(keeping({ storage: full }))).toBe('not');
  });

  it('names a stylesheet by its place beside the page, and only the build’s own', () => {
    const base = 'app://shop/index.html';
    expect(styleFileOf('app://shop/assets/styles-A1.css', base)).toBe('assets/styles-A1.css');
    expect(styleFileOf('app://other/assets/styles-A1.css', base)).toBeNull();
    expect(styleFileOf('app://shop/assets/x/styles.css', base)).toBeNull();
    expect(styleFileOf('app://shop/assets/styles.js', base)).toBeNull();
  });
});
