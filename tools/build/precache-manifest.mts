/**
 * The web build's precache manifest, which vite-plugins/service-worker.mts writes into /sw.js: the
 * build's files and a version derived from their bytes. The worker names its cache after
 * the version, so any changed byte, even in a file whose name carries no hash
 * (favicon.png, index.html), makes a new worker with a fresh cache.
 */
import { createHash } from 'node:crypto';

export interface PrecacheFile {
  /** Root-relative path as the browser asks for it: '/favicon.png'. */
  path: string;
  /** The file's bytes as served (text is read as UTF-8). */
  bytes: Uint8Array | string;
}

export interface PrecacheManifest {
  /** 12 hex digits of a SHA-256 over every path and its bytes' SHA-256. */
  version: string;
  /** The paths, '/index.html' first, then in code-point order. */
  files: string[];
}

const APP_SHELL = '/index.html';

export function precacheManifest(files: readonly PrecacheFile[]): PrecacheManifest {
  const paths = files.map((file) => file.path);
  if (!paths.includes(APP_SHELL)) throw new Error(`the precache has no ${APP_SHELL}`);
  if (new Set(paths).size !== paths.length) throw new Error('the precache names a file twice');
  const sorted = [...files].sort((a, b) =>
    a.path === APP_SHELL ? -1 : b.path === APP_SHELL ? 1 : a.path < b.path ? -1 : 1,
  );
  const hash = createHash('sha256');
  for (const { path, bytes } of sorted) {
    // Path and content hash, each ended by a NUL: no two lists can run together the same.
    hash.update(path).update('\0');
    hash.update(createHash('sha256').update(bytes).digest('hex')).update('\0');
  }
  return { version: hash.digest('hex').slice(0, 12), files: sorted.map((file) => file.path) };
}
