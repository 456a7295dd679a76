/**
 * The TLS files a kiosk may be given for its broker: fleet.ca (the CA that signed the
 * broker's certificate) and fleet.cert with fleet.key (a client certificate). They are read
 * once per start; a path that cannot be read means the kiosk stays off the fleet (logged, and
 * named in health by the next start that reaches it),
 * rather than connecting with less security than its owner configured.
 */
import { readFileSync } from 'node:fs';
import type { FleetSettings } from '../fleet-settings';
import type { FleetTls } from '../fleet-client';

export type TlsFilesResult = { ok: true; tls: FleetTls } | { ok: false; reason: string };

/** PEM files are small; anything larger is not one. */
const MAX_PEM_BYTES = 1024 * 1024;

const FIELDS = [
  ['ca', 'fleet.ca'],
  ['cert', 'fleet.cert'],
  ['key', 'fleet.key'],
] as const;

export function readTlsFiles(
  config: Pick<FleetSettings, 'fleet.ca' | 'fleet.cert' | 'fleet.key'>,
  readFile: (path: string) => Buffer = readFileSync,
): TlsFilesResult {
  if ((config['fleet.cert'] === '') !== (config['fleet.key'] === '')) {
    return { ok: false, reason: 'fleet.cert and fleet.key must be set together' };
  }
  const tls: FleetTls = {};
  for (const [field, key] of FIELDS) {
    const path = config[key];
    if (path === '') continue;
    let bytes: Buffer;
    try {
      bytes = readFile(path);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return {
        ok: false,
        reason: `cannot read ${key} ${path} (${typeof code === 'string' ? code : 'unreadable'})`,
      };
    }
    if (bytes.length === 0 || bytes.length > MAX_PEM_BYTES || !bytes.includes('-----BEGIN ')) {
      return { ok: false, reason: `${key} ${path} is not a PEM file` };
    }
    tls[field] = bytes;
  }
  return { ok: true, tls };
}
