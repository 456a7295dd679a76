/**
 * The web build's early start: a small second entry (src/early.ts) that index.html loads
 * before the app's own script, and the file names it needs, written into the page.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const earlyStartEntry = fileURLToPath(new URL('../src/early.ts', import.meta.url));
/** The id of the JSON the early start reads (src/app/early-start.ts EARLY_HINTS_ID). */
export const EARLY_HINTS_ID = 'shop-early-hints';
/** The modules each lazy chunk starts with (src/app/shop-pages.ts, checkout-pages.ts …). */
const LAZY_CHUNK_ROOTS = {
  shop: fileURLToPath(new URL('../src/app/shop-pages.ts', import.meta.url)),
  checkout: fileURLToPath(new URL('../src/app/checkout-pages.ts', import.meta.url)),
  about: fileURLToPath(new URL('../src/pages/about-page.tsx', import.meta.url)),
} as const;

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * What the early start needs (src/app/early-start.ts EarlyHints): the catalogue's address
 * and, for each lazy chunk, the files it needs beyond the first download.
 */
export function earlyHints(
  bundle: Record<string, { type: string }>,
  catalogueUrl: string,
  base = '/',
): { catalogue: string; chunks: Record<string, { scripts: string[]; styles: string[] }> } {
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: BundleChunk[]): BundleChunk[] => {
    const seen = new Map<string, BundleChunk>();
    const queue = [...start];
    for (let chunk = queue.pop(); chunk; chunk = queue.pop()) {
      if (seen.has(chunk.fileName)) continue;
      seen.set(chunk.fileName, chunk);
      for (const file of chunk.imports) {
        const imported = byName.get(file);
        if (imported) queue.push(imported);
      }
    }
    return [...seen.values()];
  };
  const html = chunks.filter((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('.html'));
  const initial = new Set(closure(html).map((chunk) => chunk.fileName));
  const files = (root: string) => {
    const start = chunks.filter((chunk) => chunk.facadeModuleId === root);
    if (start.length === 0) throw new Error(`the early start found no chunk for ${root}`);
    const needed = closure(start).filter((chunk) => !initial.has(chunk.fileName));
    return {
      scripts: needed.map((chunk) => `${base}${chunk.fileName}`),
      styles: needed.flatMap((chunk) =>
        [...(chunk.viteMetadata?.importedCss ?? [])].map((file) => `${base}${file}`),
      ),
    };
  };
  return {
    catalogue: catalogueUrl,
    chunks: {
      shop: files(LAZY_CHUNK_ROOTS.shop),
      checkout: files(LAZY_CHUNK_ROOTS.checkout),
      about: files(LAZY_CHUNK_ROOTS.about),
    },
  };
}

/**
 * The early start (src/app/early-start.ts): a small second entry that index.html loads
 * before the app's, and the JSON it reads, written into index.html once the chunks have
 * their names. Web build only: the kiosk always opens on the landing page.
 */
export function earlyStart(catalogueUrl: string): Plugin {
  return {
    name: 'shop-early-start',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: earlyStartEntry, name: 'early-start' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const early = Object.values(bundle).find(
          (item) => item.type === 'chunk' && item.facadeModuleId === earlyStartEntry,
        );
        if (!early) throw new Error('the early start was not built');
        // '<' escaped, so no file name can end the script element early.
        const json = JSON.stringify(earlyHints(bundle, catalogueUrl)).replace(/</g, '\\u003c');
        const tags =
          `<script type="application/json" id="${EARLY_HINTS_ID}">${json}</script>\n    ` +
          `<script type="module" async crossorigin src="/${early.fileName}"></script>\n    `;
        // Before the app's own script, after the CSP and the meta tags: the first request.
        const entry = html.indexOf('<script type="module"');
        if (entry < 0) throw new Error('index.html has no module script for the early start');
        return html.slice(0, entry) + tags + html.slice(entry);
      },
    },
  };
}
