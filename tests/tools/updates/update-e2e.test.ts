import { describe, expect, it } from 'vitest';
import {
  feedEntry,
  kioskConfig,
  nextVersion,
  windowAround,
} from '../../../tools/updates/update-e2e';
import { CONFIG_KEYS } from '../../../shared/kiosk-config/config-keys';
import { validateConfigKeys } from '../../../shared/kiosk-config/config-validate';

describe('the self-update test driver', () => {
  it('packages N and N+1', () => {
    expect(nextVersion('0.1.0')).toBe('0.1.1');
    expect(nextVersion('2.9.9-beta.1')).toBe('2.9.10');
    expect(() => nextVersion('latest')).toThrow();
  });

  it('opens the window around now, across midnight too', () => {
    expect(windowAround(new Date(2026, 10, 23, 14, 30))).toBe('14:29-15:29');
    expect(windowAround(new Date(2026, 10, 23, 23, 30))).toBe('23:29-00:29');
  });

  it('writes a config the kiosk accepts in full', () => {
    const key = 'fa4D'.padEnd(43, 'A');
    const config = kioskConfig('http://127.0.0.1:41234/feed/', new Date(2026, 10, 23, 12, 0), key);
    const { problems, values } = validateConfigKeys(config, 'config file', CONFIG_KEYS);
    expect(problems).toEqual([]);
    expect(values).toMatchObject({
      'update.feedUrl': 'http://127.0.0.1:41234/feed/',
      'update.window': '11:59-12:59',
      'fleet.configPublicKey': key,
      scheduledRelaunch: false,
    });
  });

  it('reads version and artifact from latest-linux.yml', () => {
    const yml =
      "version: 0.1.1\nfiles:\n  - url: Kiosk Shop-0.1.1-x86_64.AppImage\npath: Kiosk Shop-0.1.1-x86_64.AppImage\nsha512: abc\nreleaseDate: '2026-11-23T10:00:00.000Z'\n";
    expect(feedEntry(yml)).toEqual({ version: '0.1.1', path: 'Kiosk Shop-0.1.1-x86_64.AppImage' });
    expect(feedEntry('nothing')).toBeNull();
  });
});
