import { describe, expect, it } from 'vitest';
import { defaultDataFolder } from '../../../../services/shop/cli/data-folder';

describe('the default data folder', () => {
  it('is a per-user folder on each system, never the repository', () => {
    expect(defaultDataFolder('linux', {}, '/home/a')).toBe(
      '/home/a/.local/share/kiosk-shop/shop-service',
    );
    expect(defaultDataFolder('linux', { XDG_DATA_HOME: '/data/a' }, '/home/a')).toBe(
      '/data/a/kiosk-shop/shop-service',
    );
    expect(defaultDataFolder('linux', { XDG_DATA_HOME: 'relative' }, '/home/a')).toBe(
      '/home/a/.local/share/kiosk-shop/shop-service',
    );
    expect(defaultDataFolder('darwin', {}, '/Users/a')).toBe(
      '/Users/a/Library/Application Support/kiosk-shop/shop-service',
    );
    expect(
      defaultDataFolder('win32', { LOCALAPPDATA: 'C:/Users/a/AppData/Local' }, 'C:/Users/a'),
    ).toMatch(/AppData[/\\]Local[/\\]kiosk-shop[/\\]shop-service$/);
  });
});
