/**
 * Where a bundled module comes from, read from the id the bundler gave it: an installed
 * package (the folder after the last `node_modules/`), the project's own code, or a helper
 * the bundler generated. Anything else (a file outside the project and outside any
 * node_modules) is `foreign`, which the shipped-package audit refuses rather than guesses.
 */

export type ModuleOrigin =
  | { kind: 'package'; name: string; dir: string }
  | { kind: 'own' }
  | { kind: 'generated'; id: string }
  | { kind: 'foreign'; path: string };

const NODE_MODULES = '/node_modules/';

/** `C:\a\b` → `C:/a/b`, so one rule reads ids from Windows and POSIX builds alike. */
function forwardSlashes(path: string): string {
  return path.replaceAll('\\', '/');
}

function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:\//.test(path);
}

/**
 * Rollup-style ids: a leading NUL marks a virtual module (`\0rolldown/runtime.js`, or
 * `\0/abs/node_modules/react/index.js?commonjs-exports` for a wrapper around a real file),
 * and a query names a variant of a file, not another file.
 */
function pathOf(id: string): string {
  const withoutMarker = id.startsWith('\0') ? id.slice(1) : id;
  const query = withoutMarker.indexOf('?');
  return forwardSlashes(query === -1 ? withoutMarker : withoutMarker.slice(0, query));
}

export function moduleOrigin(id: string, projectRoot: string): ModuleOrigin {
  const path = pathOf(id);
  if (!isAbsolute(path)) return { kind: 'generated', id: path };
  const at = path.lastIndexOf(NODE_MODULES);
  if (at !== -1) {
    const base = path.slice(0, at + NODE_MODULES.length);
    const segments = path.slice(base.length).split('/');
    const [first, second] = segments;
    const scoped = first?.startsWith('@') === true;
    const name = scoped ? `${first}/${second ?? ''}` : (first ?? '');
    // A bare `node_modules/` or `node_modules/@scope` is no package: say so, do not guess.
    const complete = scoped ? segments.length > 2 && second !== '' : segments.length > 1;
    if (name === '' || !complete) return { kind: 'foreign', path };
    return { kind: 'package', name, dir: base + name };
  }
  const root = forwardSlashes(projectRoot).replace(/\/+$/, '');
  // Windows paths differ in case only (`c:/` against `C:/`) when they name the same file.
  const windows = /^[A-Za-z]:/.test(root);
  const inside = windows
    ? path.toLowerCase().startsWith(`${root.toLowerCase()}/`)
    : path.startsWith(`${root}/`);
  return inside ? { kind: 'own' } : { kind: 'foreign', path };
}
