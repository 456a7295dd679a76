/**
 * What a build makes a browser download before any interaction, and what it leaves for
 * later. "Initial" = the scripts written inline in index.html, the files it references
 * (module entry scripts, modulepreload links, stylesheets) plus every chunk those entries
 * import statically, followed recursively: modulepreload lists are a hint a build may leave
 * out. Every other JS or CSS file in assets/ is a lazy chunk.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export type AssetRole =
  'inline' | 'entry' | 'modulepreload' | 'static import' | 'stylesheet' | 'lazy';

export interface AssetSize {
  /** Path relative to the build directory, e.g. assets/index-abc.js. */
  file: string;
  role: AssetRole;
  rawBytes: number;
  gzipBytes: number;
}

export interface BuildSizes {
  /** out/web or out/renderer, relative to the repository. */
  dir: string;
  initial: AssetSize[];
  lazy: AssetSize[];
  initialRawBytes: number;
  initialGzipBytes: number;
}

interface Tag {
  name: string;
  attributes: Map<string, string>;
}

function tagsOf(html: string): Tag[] {
  const tags: Tag[] = [];
  for (const match of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = new Map<string, string>();
    const raw = match[2] ?? '';
    for (const attribute of raw.matchAll(
      /([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
    )) {
      const [, key = '', double, single, bare] = attribute;
      attributes.set(key.toLowerCase(), double ?? single ?? bare ?? '');
    }
    tags.push({ name: (match[1] ?? '').toLowerCase(), attributes });
  }
  return tags;
}

/** A same-build file referenced from index.html ('/assets/x.js' or './assets/x.js'). */
function localPath(buildDir: string, href: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) return undefined; // another origin, data: …
  const path = href.split(/[?#]/)[0] ?? '';
  return resolve(buildDir, path.startsWith('/') ? `.${path}` : path);
}

/**
 * Static imports of a built ES module: `import … from "./x.js"`, `import "./x.js"` and
 * `export … from "./x.js"`. Dynamic `import("./x.js")` is excluded by construction (no
 * parenthesis is allowed between `import` and the specifier). Bundlers emit these at the
 * top level with plain relative specifiers, which is all this needs to read.
 */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern =
    /\b(?:import\s*(?:[\w$*{}\s,]*?\bfrom\s*)?|export\s*(?:\*(?:\s*as\s*[\w$]+)?|\{[^}]*\})\s*from\s*)(["'])([^"'\n]+)\1/g;
  for (const match of code.matchAll(pattern)) {
    const specifier = match[2] ?? '';
    if (specifier.startsWith('.') || specifier.startsWith('/')) found.push(specifier);
  }
  return found;
}

function sizeOf(buildDir: string, path: string, role: AssetRole): AssetSize {
  const bytes = readFileSync(path);
  return {
    file: relative(buildDir, path).split('\\').join(posix.sep),
    role,
    rawBytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 9 }).length,
  };
}

/** The name the inline scripts are reported under. */
export const INLINE_SCRIPTS = 'index.html inline scripts';

/**
 * The JavaScript written inline in a page: every `<script>` without a `src` that the
 * browser runs (no type, a JavaScript type or `module`; not JSON data).
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = tagsOf(`<script${match[1] ?? ''}>`)[0]?.attributes;
    const type = (attributes?.get('type') ?? '').trim().toLowerCase();
    const runs =
      type === '' || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(type);
    if (!attributes?.has('src') && runs && (match[2] ?? '').trim() !== '')
      scripts.push(match[2] ?? '');
  }
  return scripts;
}

/** The inline scripts as one asset: they travel in one compressed page, so gzip them together. */
function inlineSize(html: string): AssetSize | undefined {
  const scripts = inlineScripts(html);
  if (scripts.length === 0) return undefined;
  const bytes = Buffer.from(scripts.join('\n'));
  return {
    file: INLINE_SCRIPTS,
    role: 'inline',
    rawBytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 9 }).length,
  };
}

const total = (assets: readonly AssetSize[], key: 'rawBytes' | 'gzipBytes'): number =>
  assets.reduce((sum, asset) => sum + asset[key], 0);

export function measureBuild(repoRoot: string, buildDir: string): BuildSizes {
  const indexPath = join(buildDir, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(`${indexPath} is missing: build first (drop --skip-build)`);
  }
  const initial = new Map<string, AssetRole>();
  const queue: string[] = [];
  const add = (path: string | undefined, role: AssetRole): void => {
    if (path === undefined || initial.has(path) || !existsSync(path)) return;
    initial.set(path, role);
    if (path.endsWith('.js') || path.endsWith('.mjs')) queue.push(path);
  };

  const html = readFileSync(indexPath, 'utf8');
  for (const tag of tagsOf(html)) {
    const rel = tag.attributes.get('rel')?.toLowerCase().split(/\s+/) ?? [];
    if (tag.name === 'script' && tag.attributes.has('src')) {
      add(localPath(buildDir, tag.attributes.get('src') ?? ''), 'entry');
    } else if (tag.name === 'link' && rel.includes('modulepreload')) {
      add(localPath(buildDir, tag.attributes.get('href') ?? ''), 'modulepreload');
    } else if (tag.name === 'link' && rel.includes('stylesheet')) {
      add(localPath(buildDir, tag.attributes.get('href') ?? ''), 'stylesheet');
    }
  }
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const specifier of staticImports(readFileSync(next, 'utf8'))) {
      const target = specifier.startsWith('/')
        ? resolve(buildDir, `.${specifier}`)
        : resolve(dirname(next), specifier);
      add(target, 'static import');
    }
  }

  const assetsDir = join(buildDir, 'assets');
  const lazy = (existsSync(assetsDir) ? readdirSync(assetsDir) : [])
    .filter((name) => /\.(m?js|css)$/.test(name))
    .map((name) => join(assetsDir, name))
    .filter((path) => !initial.has(path))
    .sort()
    .map((path) => sizeOf(buildDir, path, 'lazy'));
  const inline = inlineSize(html);
  const initialSizes = [
    ...(inline ? [inline] : []),
    ...[...initial].map(([path, role]) => sizeOf(buildDir, path, role)),
  ];
  return {
    dir: relative(repoRoot, buildDir).split('\\').join(posix.sep),
    initial: initialSizes,
    lazy,
    initialRawBytes: total(initialSizes, 'rawBytes'),
    initialGzipBytes: total(initialSizes, 'gzipBytes'),
  };
}
