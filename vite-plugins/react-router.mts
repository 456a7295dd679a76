/**
 * Two build steps that keep react-router's development code and unused components out of
 * the shopper's download.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * react-router's package exports only its development build to bundlers: the same code with
 * its development warnings switched on (ENABLE_DEV_WARNINGS) and their messages kept. A
 * production build takes the production build it ships beside it: no warning code for a
 * shopper's browser to download and parse (0.5 KB gzip of the first download). `vite dev`
 * keeps the warnings.
 */
export const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export function reactRouterProductionBuild(): Plugin {
  return {
    name: 'shop-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] },
    }),
  };
}

/**
 * react-router keeps components the shop never uses (Link, NavLink, Form, ScrollRestoration,
 * HistoryRouter and what they reach: prefetching, form submission, RSC helpers) in every
 * build, because its module names each of them for React DevTools (`Link.displayName =
 * "Link"`, a property write the bundler must keep) and makes them with `forwardRef(…)`,
 * a call the bundler cannot tell is pure. Without those names, and with `forwardRef`
 * marked pure, what the shop does not import goes: 4.3 KB gzip of the first download
 * (101.8 → 97.5 KB). The names only ever showed in DevTools.
 */
export function letUnusedReactRouterGo(code: string): string {
  return code
    .replace(/^[ \t]*[\w$]+\.displayName = "[^"\n]*";[ \t]*$/gm, '')
    .replace(/= (React\d*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef(');
}

const REACT_ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/;

export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'shop-react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      return REACT_ROUTER_CHUNK.test(id) ? { code: letUnusedReactRouterGo(code), map: null } : null;
    },
  };
}
