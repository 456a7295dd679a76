/**
 * The web build's early start: a small second entry (src/early.ts), built on its own and
 * written inline into index.html before the app's own script, and the file names it needs,
 * written into the page beside it.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { EARLY_START_SCRIPT_HASH } from '../shared/csp.ts';

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
 * The early start as the page runs it: the built chunk as a classic script, its top-level
 * names kept out of the page's global scope.
 */
export function inlineEarlyStart(chunkCode: string): string {
  const code = chunkCode.trim();
  if (/^\s*(import|export)\b|\bimport\s*\(|\bexport\s*\{/m.test(code)) {
    throw new Error('the early start must import and export nothing to be written inline');
  }
  if (code.includes('</')) throw new Error('the early start would end its script element');
  return `(()=>{${code}})()`;
}

/** The script's hash as a CSP source expression. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/**
 * The early start (src/app/early-start.ts): a small second entry, written inline into
 * index.html before the app's script with the JSON it reads, once the chunks have their
 * names. Inline, its hints leave while the parser is still in the page's head; as a file of
 * its own they waited for that file to arrive and for its turn to run, as the entry arrived
 * (docs/decisions/0045-the-early-start-inline-again.md). The page's policy allows it by its
 * hash (shared/csp.ts EARLY_START_SCRIPT_HASH), which the build checks: a changed early
 * start fails the build until the hash there is changed with it. Web build only: the kiosk
 * always opens on the landing page.
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
        if (early?.type !== 'chunk') throw new Error('the early start was not built');
        const script = inlineEarlyStart(early.code);
        const hash = scriptHash(script);
        if (hash !== EARLY_START_SCRIPT_HASH) {
          throw new Error(
            `the early start changed: its hash is ${hash}, and shared/csp.ts ` +
              `EARLY_START_SCRIPT_HASH says ${EARLY_START_SCRIPT_HASH}; check the change ` +
              `and set the new hash there, or the page's policy will refuse to run it`,
          );
        }
        // The page runs it from index.html: no file of its own is shipped or cached.
        Reflect.deleteProperty(bundle, early.fileName);
        // '<' escaped, so no file name can end the script element early.
        const json = JSON.stringify(earlyHints(bundle, catalogueUrl)).replace(/</g, '\\u003c');
        const tags =
          `<script type="application/json" id="${EARLY_HINTS_ID}">${json}</script>\n    ` +
          `<script>${script}</script>\n    `;
        // Before the app's own script, after the CSP and the meta tags: the first request.
        const entry = html.indexOf('<script type="module"');
        if (entry < 0) throw new Error('index.html has no module script for the early start');
        return html.slice(0, entry) + tags + html.slice(entry);
      },
    },
  };
}
