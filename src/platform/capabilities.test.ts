import { describe, expect, it, vi } from 'vitest';
import type { KioskBridge, RendererConfig } from '@shared/bridge';
import { ALL_LANGUAGES, resolveCapabilities } from './capabilities';
import { idleResetOf, MAX_IDLE_SECONDS } from './idle-reset';

const MAIN_CONFIG: RendererConfig = {
  catalogueUrl: 'https://shop.example',
  mode: 'kiosk',
  idleTimeoutSeconds: 90,
  idleCountdownSeconds: 15,
  catalogueMaxAgeMinutes: 60,
};

function bridge(config: Partial<RendererConfig> | (() => never)): KioskBridge {
  return {
    getConfig: typeof config === 'function' ? config : () => ({ ...MAIN_CONFIG, ...config }),
    onStaffExitRequested: () => () => undefined,
    submitStaffExitPin: () => Promise.resolve({ status: 'wrong' }),
    printReceipt: () => Promise.resolve({ ok: true }),
  };
}

const ALL_OFF = {
  idleReset: null,
  staffExit: false,
  onScreenKeyboard: false,
  accessibilityMode: false,
  catalogueMaxAgeMinutes: null,
  keypadNavigation: false,
  speech: null,
};

describe('capabilities: where the shop runs and which kiosk behaviours are on', () => {
  it('the web build has no kiosk behaviours and uses the build-time catalogue', () => {
    expect(resolveCapabilities({ target: 'web', catalogueUrl: '/api/' }, null)).toEqual({
      target: 'web',
      catalogueUrl: '/api',
      bridge: null,
      kiosk: ALL_OFF,
      languages: { offered: ['en', 'es', 'fr', 'de', 'ar'], fallback: 'en' },
    });
  });

  it('the kiosk renderer without a bridge is a kiosk: idle reset after 90 s + 15 s, keyboard, accessibility mode', () => {
    expect(resolveCapabilities({ target: 'kiosk', catalogueUrl: '/api' }, null).kiosk).toEqual({
      idleReset: { afterSeconds: 90, countdownSeconds: 15 },
      staffExit: false,
      onScreenKeyboard: true,
      accessibilityMode: true,
      catalogueMaxAgeMinutes: 60,
      keypadNavigation: true,
      speech: { outputDevice: null },
    });
  });

  it('inside Electron the main process decides, through the bridge', () => {
    const kiosk = bridge({
      catalogueUrl: 'https://shop.example/api/',
      idleTimeoutSeconds: 60,
      idleCountdownSeconds: 20,
      catalogueMaxAgeMinutes: 240,
    });
    expect(resolveCapabilities({ target: 'kiosk', catalogueUrl: '/x' }, kiosk)).toEqual({
      target: 'kiosk',
      catalogueUrl: 'https://shop.example/api',
      bridge: kiosk,
      kiosk: {
        idleReset: { afterSeconds: 60, countdownSeconds: 20 },
        staffExit: true,
        onScreenKeyboard: true,
        accessibilityMode: true,
        catalogueMaxAgeMinutes: 240,
        keypadNavigation: true,
        speech: { outputDevice: null },
      },
      languages: ALL_LANGUAGES,
    });
    const never = resolveCapabilities(
      { target: 'kiosk', catalogueUrl: '/x' },
      bridge({ idleTimeoutSeconds: 0 }),
    );
    expect(never.kiosk.idleReset).toBeNull();
  });

  it('speech plays on the output main names, and a bad name means the default output', () => {
    const speechOf = (speechOutputDevice: unknown) =>
      resolveCapabilities(
        { target: 'kiosk', catalogueUrl: '/x' },
        bridge({ speechOutputDevice } as Partial<RendererConfig>),
      ).kiosk.speech;
    expect(speechOf(' USB Headset ')).toEqual({ outputDevice: 'USB Headset' });
    expect(speechOf('')).toEqual({ outputDevice: null });
    expect(speechOf(undefined)).toEqual({ outputDevice: null });
    expect(speechOf(42)).toEqual({ outputDevice: null });
    expect(speechOf('Headset\nforged')).toEqual({ outputDevice: null });
  });

  it('staff --windowed mode turns the kiosk behaviours off', () => {
    const staff = resolveCapabilities(
      { target: 'kiosk', catalogueUrl: '/x' },
      bridge({ mode: 'windowed' }),
    );
    expect(staff.kiosk).toEqual({ ...ALL_OFF, staffExit: true, catalogueMaxAgeMinutes: 60 });
  });

  it('a bridge with an unusable config falls back to the build’s values', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const odd = resolveCapabilities(
      { target: 'kiosk', catalogueUrl: 'http://127.0.0.1:4173/api' },
      bridge({
        catalogueUrl: 'javascript:alert(1)',
        idleTimeoutSeconds: Number.NaN,
        catalogueMaxAgeMinutes: -1,
      }),
    );
    expect(odd.catalogueUrl).toBe('http://127.0.0.1:4173/api');
    expect(odd.kiosk.idleReset).toBeNull();
    expect(odd.kiosk.catalogueMaxAgeMinutes).toBe(60);
    const broken = resolveCapabilities(
      { target: 'kiosk', catalogueUrl: '/api' },
      bridge(() => {
        throw new Error('no config');
      }),
    );
    expect(broken.catalogueUrl).toBe('/api');
    expect(broken.kiosk.idleReset).toEqual({ afterSeconds: 90, countdownSeconds: 15 });
  });

  it('offers the languages the main process names, starting in its default', () => {
    const languagesOf = (languages: unknown, defaultLanguage: unknown) =>
      resolveCapabilities(
        { target: 'kiosk', catalogueUrl: '/api' },
        // A main process may send anything: the values are checked, not trusted.
        bridge({ languages, defaultLanguage } as Partial<RendererConfig>),
      ).languages;
    expect(languagesOf(['es', 'en', 'ar'], 'ar')).toEqual({
      offered: ['es', 'en', 'ar'],
      fallback: 'ar',
    });
    // A default the kiosk does not offer gives way to the first it does.
    expect(languagesOf(['fr', 'de'], 'en')).toEqual({ offered: ['fr', 'de'], fallback: 'fr' });
    // Anything else is every language, English first.
    expect(languagesOf(['en', 'klingon'], 'en')).toEqual(ALL_LANGUAGES);
    expect(languagesOf([], 'de')).toEqual({ ...ALL_LANGUAGES, fallback: 'de' });
    expect(languagesOf(['es', 'es'], 'x')).toEqual(ALL_LANGUAGES);
    expect(languagesOf(undefined, undefined)).toEqual(ALL_LANGUAGES);
  });

  it('takes idle times up to a day: beyond, a timer would fire at once (setTimeout’s range)', () => {
    const idleOf = (idleTimeoutSeconds: number, idleCountdownSeconds: number) =>
      resolveCapabilities(
        { target: 'kiosk', catalogueUrl: '/x' },
        bridge({ idleTimeoutSeconds, idleCountdownSeconds }),
      ).kiosk.idleReset;
    expect(idleOf(MAX_IDLE_SECONDS, 300)).toEqual({
      afterSeconds: MAX_IDLE_SECONDS,
      countdownSeconds: 300,
    });
    expect(idleOf(MAX_IDLE_SECONDS + 1, 15)).toBeNull();
    expect(idleOf(60, MAX_IDLE_SECONDS + 1)).toEqual({ afterSeconds: 60, countdownSeconds: 15 });
  });
});

describe('the idle times rule, at start and while running', () => {
  it('takes two positive times up to a day, or a timeout of 0 for never, and nothing else', () => {
    expect(idleResetOf(90, 15)).toEqual({ afterSeconds: 90, countdownSeconds: 15 });
    expect(idleResetOf(0, 15)).toBeNull();
    expect(idleResetOf(0, 'anything')).toBeNull();
    for (const [after, countdown] of [
      [-1, 15],
      [90, 0],
      [Number.NaN, 15],
      [90, Number.POSITIVE_INFINITY],
      ['90', 15],
      [MAX_IDLE_SECONDS + 1, 15],
      [undefined, undefined],
    ]) {
      expect(idleResetOf(after, countdown)).toBeUndefined();
    }
  });
});
