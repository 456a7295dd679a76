/**
 * A stand-in for a packaged Electron binary. None can be built here, so it carries just a
 * fuse wire laid out as Electron's (sentinel, wire version, length, one byte per fuse: '0'
 * off, '1' on, 'r' removed), which @electron/fuses reads exactly as it reads the real one.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectedFuses } from '../../tools/packaging/packaged-fuses';
import { REPO_ROOT } from '../../tools/repo-root';

export const BUILDER_YAML = readFileSync(join(REPO_ROOT, 'electron-builder.yml'), 'utf8');
/** Electron's fuse sentinel (electron/build/fuses/build_fuses.py). */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/** A stand-in binary: some bytes, then the fuse wire with these states, then more bytes. */
export function fakeBinary(states: Record<number, boolean>, wireLength = 8): string {
  const wire = Array.from({ length: wireLength }, (_, index) =>
    states[index] === undefined ? 'r' : states[index] ? '1' : '0',
  ).join('');
  const bytes = Buffer.concat([
    Buffer.alloc(4096, 0x90),
    Buffer.from(SENTINEL, 'ascii'),
    Buffer.from([1, wireLength]),
    Buffer.from(wire, 'ascii'),
    Buffer.alloc(4096, 0x90),
  ]);
  const path = join(mkdtempSync(join(tmpdir(), 'fuses-')), 'kiosk-shop');
  writeFileSync(path, bytes);
  return path;
}

/** The states electron-builder.yml asks for, as a packaged binary would carry them. */
export function asConfigured(): Record<number, boolean> {
  return Object.fromEntries(expectedFuses(BUILDER_YAML));
}
