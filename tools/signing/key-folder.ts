/**
 * Where the operator's private keys live by default: a folder of the operator's own, outside
 * any checkout (`$XDG_CONFIG_HOME/kiosk-shop/keys`, else `~/.config/kiosk-shop/keys`, or
 * `KIOSK_SHOP_KEYS` when set), so a key never lands in the repository where `git add .`
 * would commit it. The folder is made readable by its owner only.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const CONFIG_KEY_NAME = 'fleet-config.key';
/** The enrolment key (kiosk certificates, revocations): an Ed25519 key like the config key. */
export const ENROLMENT_KEY_NAME = 'fleet-enrolment.key';

type Env = Readonly<Record<string, string | undefined>>;

/** The keys' folder for this environment; `home` stands in for the user's home in tests. */
export function keyFolder(env: Env = process.env, home: string = homedir()): string {
  const own = env.KIOSK_SHOP_KEYS?.trim();
  if (own) return resolve(own);
  const config = env.XDG_CONFIG_HOME?.trim();
  return join(config ? resolve(config) : join(home, '.config'), 'kiosk-shop', 'keys');
}

export function defaultKeyPath(kind: 'config' | 'enrolment', env: Env = process.env): string {
  return join(keyFolder(env), kind === 'config' ? CONFIG_KEY_NAME : ENROLMENT_KEY_NAME);
}

/** Makes the folder a key is written to; the default one is made 0700. */
export function prepareKeyFolder(path: string, env: Env = process.env): void {
  const folder = dirname(resolve(path));
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (folder === keyFolder(env)) chmodSync(folder, 0o700);
}
