/**
 * Whether the kiosk's own account could rewrite the machine-wide file: an installed kiosk
 * whose lock the shopper's account could change is no lock, so config.ts refuses it.
 */
import { accessSync, constants } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Whether this account could change `path`: write it, or replace it in its folder. Not on
 * Windows, where access() reads only the read-only flag, not the folder's ACL.
 */
export function canReplace(path: string): boolean {
  if (process.platform === 'win32') return false;
  for (const target of [path, dirname(path)]) {
    try {
      accessSync(target, constants.W_OK);
      return true;
    } catch {
      // Not writable: the answer we hope for.
    }
  }
  return false;
}
