/**
 * The shop we compare with, made servable by the bench: another shop's static build (here
 * QuicKCart's `dist/`, built with its own `npm install && npm run build`; nothing
 * of it is committed here) copied to a temporary directory, with its catalogue host
 * rewritten to the bench's own `/api`, exactly as our web build is pointed there with
 * VITE_CATALOGUE_URL. Both shops then read the same embedded catalogue on loopback.
 */
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** QuicKCart fetches the public FakeStore API; `--compare-catalogue` names another base. */
export const DEFAULT_PEER_CATALOGUE = 'https://fakestoreapi.com';
/** Where the bench serves the catalogue, on the compared shop's own origin. */
export const BENCH_API_BASE = '/api';

export interface PreparedPeer {
  /** The copy to serve. */
  dir: string;
  /** Files whose catalogue base was rewritten, relative to the copy, with the count of each. */
  rewritten: { file: string; count: number }[];
  remove: () => void;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Copies `sourceDir` and replaces every `catalogueBase` in its HTML and JavaScript with
 * `/api`. Throws when nothing was rewritten: the copy would then call the internet (or
 * nothing), and its figures would not be the same catalogue's.
 */
export function preparePeer(
  sourceDir: string,
  catalogueBase: string = DEFAULT_PEER_CATALOGUE,
): PreparedPeer {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-shop-bench-peer-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    cpSync(sourceDir, dir, { recursive: true });
    const base = catalogueBase.replace(/\/+$/, '');
    const rewritten: PreparedPeer['rewritten'] = [];
    for (const path of filesUnder(dir).filter((file) => /\.(m?js|html)$/.test(file))) {
      const text = readFileSync(path, 'utf8');
      const parts = text.split(base);
      if (parts.length < 2) continue;
      writeFileSync(path, parts.join(BENCH_API_BASE));
      rewritten.push({ file: relative(dir, path), count: parts.length - 1 });
    }
    if (rewritten.length === 0) {
      throw new Error(
        `--compare ${sourceDir}: no "${base}" in its HTML or JavaScript to point at the bench's ` +
          `catalogue; name the base it calls with --compare-catalogue URL`,
      );
    }
    return { dir, rewritten, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
