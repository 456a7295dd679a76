/**
 * The kiosk in a browser reads its config as the kiosk does (flags over SHOP_* over the
 * config file over defaults), hands the page the same settings, and names what only the
 * Electron kiosk can do: flags as typed, keys from other layers with their layer.
 */
import { describe, expect, it } from 'vitest';
import { previewConfig, notHonouredLine } from '../../../tools/kiosk-preview/preview-config';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const missing = (): string => {
  throw Object.assign(new Error('missing'), { code: 'ENOENT' });
};

describe('the kiosk preview’s config', () => {
  it('takes the page’s flags and names the ones only Electron honours', () => {
    const { renderer, notHonoured } = previewConfig({
      argv: [
        '--languages=fr,en',
        '--idle-timeout',
        '40',
        '--windowed',
        '--fleet-broker=mqtt://127.0.0.1:1883',
        '--printer-name=Slip',
        '--no-fallback',
      ],
      env: {},
      userDataDir: '/nowhere',
      readFile: missing,
      log: quiet,
    });
    expect(renderer).toMatchObject({
      languages: ['fr', 'en'],
      idleTimeoutSeconds: 40,
      mode: 'windowed',
      catalogueUrl: '',
    });
    expect(notHonoured).toEqual(['--fleet-broker', '--printer-name']);
  });

  it('reads --config and the environment, naming keys a browser cannot use by their layer', () => {
    const files: Record<string, string> = {
      '/etc/kiosk.json': JSON.stringify({
        defaultLanguage: 'de',
        fleet: { brokerUrl: 'mqtt://127.0.0.1:1883' },
      }),
    };
    const { renderer, notHonoured } = previewConfig({
      argv: ['--config=/etc/kiosk.json'],
      env: { SHOP_IDLE_TIMEOUT: '60' },
      userDataDir: '/nowhere',
      readFile: (path) => files[path] ?? missing(),
      log: quiet,
    });
    expect(renderer).toMatchObject({ defaultLanguage: 'de', idleTimeoutSeconds: 60 });
    expect(notHonoured).toEqual(['fleet.brokerUrl (config file)']);
  });

  it('says nothing when everything asked for is the page’s', () => {
    expect(notHonouredLine([])).toBeNull();
    expect(notHonouredLine(['--fleet-broker'])).toMatch(
      /^In a browser the kiosk cannot honour --fleet-broker: /,
    );
  });
});
