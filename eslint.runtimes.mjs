// @ts-check
/**
 * Which runtime each file belongs to, for import-x: every file's imports resolve through its
 * own runtime's tsconfig (tsconfig.json only references them and holds no files). Only there
 * are the aliases (`@/`, `@shared/`) and the preload's `electron` stand-in defined, so an
 * alias a runtime lacks stays unresolved (and fails no-unresolved) instead of borrowing
 * another runtime's meaning. tests/architecture checks that each file of each program gets
 * its program's resolver.
 */
import { join } from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import ts from 'typescript';

/** @param {string} file */
function readTsconfig(file) {
  const { config, error } = ts.readConfigFile(join(import.meta.dirname, file), ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return /** @type {{ include?: string[], exclude?: string[], files?: string[], references?: { path: string }[] }} */ (
    config
  );
}

/**
 * The files a runtime's tsconfig holds, as flat-config globs: its include minus its exclude
 * (a folder there stands for everything under it, as in TypeScript).
 * @param {string} tsconfig
 */
function runtimeFiles(tsconfig) {
  const { include, exclude = [], files } = readTsconfig(tsconfig);
  if (!include || files) {
    throw new Error(`${tsconfig}: the lint resolver reads only "include" and "exclude"`);
  }
  const glob = (/** @type {string} */ spec) =>
    /[*?]|\.[cm]?tsx?$/.test(spec) ? spec : `${spec.replace(/\/$/, '')}/**`;
  return { files: include.map(glob), ignores: exclude.map(glob) };
}

/** The runtime tsconfigs, as tsconfig.json references them. */
const RUNTIME_TSCONFIGS = (readTsconfig('tsconfig.json').references ?? []).map((reference) =>
  reference.path.replace(/^\.\//, ''),
);

/** One flat-config entry per runtime, setting the import-x resolver for its files. */
export const runtimeResolverConfigs = RUNTIME_TSCONFIGS.map((tsconfig) => ({
  name: `import-x resolver (${tsconfig})`,
  ...runtimeFiles(tsconfig),
  settings: {
    'import-x/resolver-next': [
      {
        ...createTypeScriptImportResolver({ project: join(import.meta.dirname, tsconfig) }),
        // Names the runtime in import-x's messages and lets tests/architecture tell them apart.
        name: `typescript (${tsconfig})`,
      },
    ],
  },
}));
