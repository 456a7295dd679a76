/**
 * The one way the shop serves files from a folder: the kiosk's app:// protocol and the
 * serve script's static site both map request paths through here, so both refuse the same
 * escapes (`..`, encoded slashes or backslashes, NUL, symlinks leading outside).
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL path (still percent-encoded) to a file strictly inside `root`, or null for
 * anything that could escape it. `/` maps to root itself.
 */
export function resolveInside(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const base = resolve(root);
  const file = resolve(base, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  const rel = relative(base, file);
  if (rel.startsWith('..') || isAbsolute(rel)) return null;
  return file;
}

/** The bytes of a regular file inside `root`; null when missing, a folder, or a symlink out. */
export async function readFileInside(root: string, file: string): Promise<Buffer | null> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    const real = await realpath(file);
    const realRoot = await realpath(root);
    if (real !== realRoot && !real.startsWith(realRoot + sep)) return null;
    return await readFile(file);
  } catch {
    return null;
  }
}
