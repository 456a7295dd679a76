/** Config sources with files in memory, shared by the config tests (dev and packaged). */
import { join } from 'node:path';
import type { ConfigSources } from '../../../electron/main/config/config';
import { fakeLogger } from './fake-electron';

export const USER_DATA = '/home/kiosk/.config/Kiosk Shop';
export const USER_CONFIG_FILE = join(USER_DATA, 'kiosk-config.json');
/** Shaped like a hash from npm run staff-pin:hash: the config checks only the shape. */
export const HASH = 'scrypt:32768:8:1:BwcHBwcHBwcHBwcHBwcHBw:' + 'A'.repeat(43);

/** `files` maps a path to its text, or to a value written as JSON; any other path is ENOENT. */
export function fakeConfigSources(
  files: Record<string, unknown> = {},
  overrides: Partial<ConfigSources> = {},
): { sources: ConfigSources; log: ReturnType<typeof fakeLogger> } {
  const log = fakeLogger();
  const sources: ConfigSources = {
    argv: ['/opt/kiosk/kiosk-shop'],
    env: {},
    userDataDir: USER_DATA,
    readFile: (path) => {
      const content = files[path];
      if (content === undefined) {
        throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      }
      return typeof content === 'string' ? content : JSON.stringify(content);
    },
    log,
    ...overrides,
  };
  return { sources, log };
}
