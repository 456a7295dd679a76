// @ts-check
/**
 * No import cycles, type-only imports included. import-x's no-cycle skips `import type`, so
 * two modules could name each other's types and still form a loop a reader has to untangle
 * (and that becomes a value cycle the day one of the imports stops being type-only). This
 * rule follows every import form (value, `import type`, `export … from`, `import()` and
 * `import('…')` types) with the compiler options of the importing file's own TypeScript
 * program, so the aliases resolve exactly as its runtime's tsconfig says.
 *
 * Read by eslint.layers.mjs; tests/architecture proves it fails on a value cycle and on a
 * type-only one.
 */
import ts from 'typescript';

/**
 * Every module a source file names, as written.
 * @param {ts.SourceFile} sourceFile
 * @returns {string[]}
 */
function specifiersOf(sourceFile) {
  /** @type {string[]} */
  const found = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * What each file imports, as written, read from disk: the other files of a cycle are judged
 * as saved, whatever a language service holds for them; refreshed when a file changes.
 * @type {Map<string, { mtimeMs: number, specifiers: string[] }>}
 */
const writtenImports = new Map();

/** @param {string} file */
function specifiersOnDisk(file) {
  const mtimeMs = ts.sys.getModifiedTime?.(file)?.getTime() ?? 0;
  const known = writtenImports.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.specifiers;
  const text = ts.sys.readFile(file);
  const specifiers =
    text === undefined ? [] : specifiersOf(ts.createSourceFile(file, text, ts.ScriptTarget.Latest));
  writtenImports.set(file, { mtimeMs, specifiers });
  return specifiers;
}

/**
 * The project file a specifier leads to, or null for a package, a declaration file or
 * something unresolved (no-unresolved reports that).
 * @param {string} specifier
 * @param {string} fromFile
 * @param {ts.CompilerOptions} options
 */
function resolveProjectFile(specifier, fromFile, options) {
  const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, options, ts.sys);
  if (!resolvedModule || resolvedModule.isExternalLibraryImport) return null;
  const target = resolvedModule.resolvedFileName;
  if (target.endsWith('.d.ts') || target.includes('/node_modules/')) return null;
  return target;
}

/** Resolutions per set of compiler options: one runtime's aliases never answer for another. */
const resolutions = new WeakMap();

/**
 * @param {ts.CompilerOptions} options
 * @returns {(specifier: string, fromFile: string) => string | null}
 */
function resolverFor(options) {
  let cache = resolutions.get(options);
  if (!cache) {
    cache = new Map();
    resolutions.set(options, cache);
  }
  const known = /** @type {Map<string, string | null>} */ (cache);
  return (specifier, fromFile) => {
    const key = `${fromFile}\0${specifier}`;
    if (!known.has(key)) known.set(key, resolveProjectFile(specifier, fromFile, options));
    return /** @type {string | null} */ (known.get(key));
  };
}

/**
 * The shortest path of imports from `start` back to `goal`, or null.
 * @param {string} start
 * @param {string} goal
 * @param {(file: string) => string[]} importsOf
 */
function pathBack(start, goal, importsOf) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (let index = 0; index < queue.length; index += 1) {
    const file = /** @type {string} */ (queue[index]);
    for (const next of importsOf(file)) {
      if (next === goal) {
        const path = [file];
        for (let step = cameFrom.get(file); step; step = cameFrom.get(step)) path.unshift(step);
        return path;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{path}}.' },
  },
  create(context) {
    const program = /** @type {ts.Program | undefined} */ (
      context.sourceCode.parserServices?.program
    );
    // Without a program there is no runtime to resolve through: no-unresolved speaks then.
    if (!program) return {};
    const resolve = resolverFor(program.getCompilerOptions());
    /** @param {string} from */
    const importsOf = (from) =>
      specifiersOnDisk(from)
        .map((specifier) => resolve(specifier, from))
        .filter((target) => target !== null);
    const file = context.filename;
    const cwd = context.cwd;
    const short = (/** @type {string} */ path) =>
      path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path;

    /**
     * @param {import('estree').Node} node
     * @param {string} specifier
     */
    const check = (node, specifier) => {
      const target = resolve(specifier, file);
      if (target === null || target === file) return;
      const back = pathBack(target, file, importsOf);
      if (back === null) return;
      context.report({
        node,
        messageId: 'cycle',
        data: { path: [file, ...back, file].map(short).join(' → ') },
      });
    };
    return {
      /** @param {any} node */
      ImportDeclaration(node) {
        check(node, node.source.value);
      },
      /** @param {any} node */
      'ExportNamedDeclaration, ExportAllDeclaration'(node) {
        if (node.source) check(node, node.source.value);
      },
      /** @param {any} node */
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') {
          check(node, node.source.value);
        }
      },
      /** @param {any} node */
      TSImportType(node) {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal' && typeof literal.value === 'string') {
          check(node, literal.value);
        }
      },
    };
  },
};

export const cyclePlugin = { rules: { 'no-cycle': noCycle } };
