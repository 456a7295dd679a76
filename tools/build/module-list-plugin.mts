/**
 * A Vite plugin in every build that ships (main, preload, the kiosk renderer, the web
 * build): after the bundle is written, it records the bundler's module graph, that is the
 * ids of every module each chunk holds, as out/shipped-modules/<build>.json, for
 * `npm run audit:shipped`.
 *
 * Why the module graph and not the source maps: the builds make no maps (they would ship to
 * the web host, or need deleting after), a map's `sources` names only files that produced
 * mapped code, and the graph is what the bundler itself decided to include, so it also sees
 * CommonJS wrappers and the production/development file a package picked.
 *
 * `.mts`, like module-list.mts and module-origin.mts it imports: the Vite configs load it,
 * and Vite wants ESM files there (this package is CommonJS; see vite.web.config.mts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import {
  describeModules,
  isCodeFile,
  moduleListPath,
  sha256,
  type ModuleList,
  type ShippedBuild,
} from './module-list.mts';

export function moduleListPlugin(build: ShippedBuild, projectRoot: string): Plugin {
  let mode = 'unknown';
  let command = 'unknown';
  return {
    name: 'shop-module-list',
    configResolved(config) {
      mode = config.mode;
      command = config.command;
    },
    writeBundle: {
      // After every other plugin has written or rewritten its files, so the hashes hold.
      order: 'post',
      handler(options, bundle) {
        const outDir = options.dir ?? dirname(options.file ?? '.');
        const ids = new Set<string>();
        const externals = new Set<string>();
        const files: Record<string, string> = {};
        for (const output of Object.values(bundle)) {
          if (isCodeFile(output.fileName)) {
            files[output.fileName] = sha256(readFileSync(join(outDir, output.fileName)));
          }
          if (output.type !== 'chunk') continue;
          for (const id of output.moduleIds) ids.add(id);
          // A chunk's imports name other chunks of this bundle or external modules.
          for (const imported of [...output.imports, ...output.dynamicImports]) {
            if (!(imported in bundle)) externals.add(imported);
          }
        }
        const list: ModuleList = {
          format: 1,
          build,
          mode,
          command,
          files,
          ...describeModules(ids, projectRoot),
          externals: [...externals].sort(),
        };
        const path = moduleListPath(outDir, build);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, `${JSON.stringify(list, null, 2)}\n`);
      },
    },
  };
}
