import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultKeyPath, keyFolder, prepareKeyFolder } from '../../../tools/signing/key-folder';

const scratch = mkdtempSync(join(tmpdir(), 'key-folder-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('the operator’s key folder', () => {
  it('is KIOSK_SHOP_KEYS, else under XDG_CONFIG_HOME, else ~/.config, never the checkout', () => {
    expect(keyFolder({ KIOSK_SHOP_KEYS: '/srv/keys' }, '/home/op')).toBe('/srv/keys');
    expect(keyFolder({ XDG_CONFIG_HOME: '/cfg' }, '/home/op')).toBe('/cfg/kiosk-shop/keys');
    expect(keyFolder({ KIOSK_SHOP_KEYS: ' ', XDG_CONFIG_HOME: '' }, '/home/op')).toBe(
      '/home/op/.config/kiosk-shop/keys',
    );
    expect(defaultKeyPath('config', { KIOSK_SHOP_KEYS: '/k' })).toBe('/k/fleet-config.key');
    expect(defaultKeyPath('enrolment', { KIOSK_SHOP_KEYS: '/k' })).toBe('/k/fleet-enrolment.key');
  });

  it('is made readable by its owner only', () => {
    const env = { KIOSK_SHOP_KEYS: join(scratch, 'keys') };
    prepareKeyFolder(defaultKeyPath('config', env), env);
    expect(statSync(join(scratch, 'keys')).mode & 0o777).toBe(0o700);
  });
});
