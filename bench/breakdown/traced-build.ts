/**
 * The web build again, with hidden source maps, in out/bench-traced: the same config and the
 * same JavaScript as out/web (a hidden map adds no comment to the asset), plus the maps the
 * breakdown reads to name what each profiled frame was.
 */
import { join, resolve } from 'node:path';
import { API_BASE } from '../../tools/browser/browser-shop';
import { REPO_ROOT } from '../../tools/repo-root';

export const TRACED_DIR = join(REPO_ROOT, 'out', 'bench-traced');

export async function buildTraced(): Promise<string> {
  process.env.VITE_CATALOGUE_URL = API_BASE;
  const { build } = await import('vite');
  await build({
    configFile: resolve(REPO_ROOT, 'vite.web.config.mts'),
    logLevel: 'warn',
    build: { outDir: TRACED_DIR, emptyOutDir: true, sourcemap: 'hidden' },
  });
  return TRACED_DIR;
}
