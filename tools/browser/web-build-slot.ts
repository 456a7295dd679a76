/**
 * Whose build out/web holds. `npm run serve` (and the `npm start` fallback) build out/web
 * for their own same-origin catalogue; a host's `npm run build:web` with its own
 * VITE_CATALOGUE_URL lands in the same folder. Each build the shop's tools make leaves a
 * stamp beside out/web (out/.serve-build.json, never deployed) with its index.html's hash,
 * so a build they did not make, or one changed since, is never replaced without asking.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export type WebBuildSlot = 'empty' | 'ours' | 'other';

interface Stamp {
  catalogueUrl: string;
  indexSha256: string;
}

export function stampFileFor(dir: string): string {
  return join(dirname(dir), '.serve-build.json');
}

function indexHash(dir: string): string | null {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return null;
  return createHash('sha256').update(readFileSync(index)).digest('hex');
}

function readStamp(file: string): Stamp | null {
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8')) as Partial<Stamp>;
    return typeof stamp.indexSha256 === 'string' && typeof stamp.catalogueUrl === 'string'
      ? { catalogueUrl: stamp.catalogueUrl, indexSha256: stamp.indexSha256 }
      : null;
  } catch {
    return null;
  }
}

/** Empty (nothing to lose), ours (the tools' last build, unchanged), or another's. */
export function webBuildSlot(dir: string, stampFile = stampFileFor(dir)): WebBuildSlot {
  const hash = indexHash(dir);
  if (hash === null) return 'empty';
  return readStamp(stampFile)?.indexSha256 === hash ? 'ours' : 'other';
}

/** Marks the build in `dir` as the tools' own, made for `catalogueUrl`. */
export function stampWebBuild(
  dir: string,
  catalogueUrl: string,
  stampFile = stampFileFor(dir),
): void {
  const indexSha256 = indexHash(dir);
  if (indexSha256 === null) return;
  const stamp: Stamp = { catalogueUrl, indexSha256 };
  writeFileSync(stampFile, `${JSON.stringify(stamp)}\n`);
}

/** The one line said instead of replacing another's build. */
export function otherBuildRefusal(dir: string, cwd = process.cwd()): string {
  const shown = relative(cwd, dir) || dir;
  return (
    `${shown} holds a web build npm run serve did not make (npm run build:web, perhaps with ` +
    `your own VITE_CATALOGUE_URL): not replacing it. \`npm run serve -- --no-build\` serves ` +
    `it as it is; \`npm run serve -- --rebuild\` replaces it with the demo-catalogue build.`
  );
}
