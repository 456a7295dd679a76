import { describe, expect, it } from 'vitest';
import { CONFIG_ARG_PREFIX, type RendererConfig } from '../../shared/bridge';
import { decodeRendererConfigArg, encodeRendererConfigArg } from '../../shared/renderer-config-arg';

const config: RendererConfig = {
  catalogueUrl: 'https://shop.example.com/api',
  mode: 'kiosk',
  idleTimeoutSeconds: 90,
  idleCountdownSeconds: 15,
  catalogueMaxAgeMinutes: 60,
};

describe('the renderer config argument', () => {
  it('round-trips the config through argv, including non-ASCII text', () => {
    const special = { ...config, catalogueUrl: 'https://café.example/api' };
    const argv = ['electron', '--type=renderer', encodeRendererConfigArg(special)];
    expect(decodeRendererConfigArg(argv)).toEqual(special);
  });

  it('fails closed on a missing or forged config argument', () => {
    expect(decodeRendererConfigArg(['electron'])).toBeNull();
    expect(decodeRendererConfigArg([`${CONFIG_ARG_PREFIX}not-base64!`])).toBeNull();
    const forged = CONFIG_ARG_PREFIX + btoa(JSON.stringify({ catalogueUrl: 1, mode: 'root' }));
    expect(decodeRendererConfigArg([forged])).toBeNull();
  });

  it('refuses a config without a positive catalogue max age', () => {
    for (const catalogueMaxAgeMinutes of [undefined, 0, -5, Number.NaN, '60']) {
      const arg = encodeRendererConfigArg({ ...config, catalogueMaxAgeMinutes } as never);
      expect(decodeRendererConfigArg([arg])).toBeNull();
    }
  });

  it('carries the speech output device, and refuses one that is not a line of text', () => {
    const headset = { ...config, speechOutputDevice: 'USB Headset Ö' };
    expect(decodeRendererConfigArg([encodeRendererConfigArg(headset)])).toEqual(headset);
    for (const speechOutputDevice of [42, 'Headset\nforged', 'x'.repeat(257)]) {
      const arg = encodeRendererConfigArg({ ...config, speechOutputDevice } as never);
      expect(decodeRendererConfigArg([arg])).toBeNull();
    }
  });

  it('carries the offered languages and the default, and refuses any the shop has not', () => {
    const languages = { ...config, languages: ['ar', 'en'], defaultLanguage: 'ar' } as const;
    const chosen = { ...languages, languages: [...languages.languages] };
    expect(decodeRendererConfigArg([encodeRendererConfigArg(chosen)])).toEqual(chosen);
    for (const bad of [
      { languages: [] },
      { languages: ['en', 'en'] },
      { languages: ['en', 'xx'] },
      { languages: 'en,es' },
      { defaultLanguage: 'EN' },
      { defaultLanguage: 'en-XA' },
    ]) {
      const arg = encodeRendererConfigArg({ ...config, ...bad } as never);
      expect(decodeRendererConfigArg([arg]), JSON.stringify(bad)).toBeNull();
    }
  });
});
