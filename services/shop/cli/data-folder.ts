/**
 * Where the embedded database keeps its files when no --data is given: a per-user folder,
 * never the repository, so a checkout can be deleted or updated without touching records.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultDataFolder(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') {
    return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'kiosk-shop', 'shop-service');
  }
  if (platform === 'darwin') {
    return join(home, 'Library', 'Application Support', 'kiosk-shop', 'shop-service');
  }
  const base = env.XDG_DATA_HOME?.startsWith('/')
    ? env.XDG_DATA_HOME
    : join(home, '.local', 'share');
  return join(base, 'kiosk-shop', 'shop-service');
}
