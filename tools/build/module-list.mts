/**
 * The module list of one build: which packages the bundler put into out/<build>, written by
 * module-list-plugin.mts from the bundler's own module graph and read back by
 * `npm run audit:shipped`. It sits beside the builds in out/shipped-modules/, never inside
 * one, so the web host and the installer do not ship an inventory of package versions.
 *
 * The list names the code files it describes with their hashes, so a list left over from an
 * older build, or one from a development build, is refused rather than trusted.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { moduleOrigin } from './module-origin.mts';

export const SHIPPED_BUILDS = ['main', 'preload', 'renderer', 'web'] as const;
export type ShippedBuild = (typeof SHIPPED_BUILDS)[number];

export const MODULE_LIST_DIR = 'shipped-modules';
const FORMAT = 1;

export interface BundledPackage {
  name: string;
  /** From the package's package.json when it was bundled; null when that could not be read. */
  version: string | null;
  /** Its folder, relative to the project root: two copies of one package are two entries. */
  dir: string;
}

export interface ModuleList {
  format: typeof FORMAT;
  build: ShippedBuild;
  /** Vite's mode and command: only `production` `build` lists describe what ships. */
  mode: string;
  command: string;
  /** Every code file the build wrote (relative to its outDir, `/`-separated) → sha256. */
  files: Record<string, string>;
  packages: BundledPackage[];
  /** Helpers the bundler generated itself (`rolldown/runtime.js`, `vite/preload-helper.js`). */
  generated: string[];
  /** Files from outside the project and outside node_modules: nothing to attribute them to. */
  foreign: string[];
  /** What the bundle imports at run time instead of bundling: electron, node:*, packages. */
  externals: string[];
}

/** out/web → out/shipped-modules/web.json. */
export function moduleListPath(buildOutDir: string, build: ShippedBuild): string {
  return join(dirname(resolve(buildOutDir)), MODULE_LIST_DIR, `${build}.json`);
}

export const isCodeFile = (file: string): boolean => /\.[cm]?js$/.test(file);

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function readPackageVersion(dir: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as unknown;
    const version = (manifest as { version?: unknown } | null)?.version;
    return typeof version === 'string' && version !== '' ? version : null;
  } catch {
    return null;
  }
}

const toPosix = (path: string): string => path.split(sep).join('/');

/** Sorts the bundler's module ids into packages, generated helpers and foreign files. */
export function describeModules(
  ids: Iterable<string>,
  projectRoot: string,
  readVersion: (dir: string) => string | null = readPackageVersion,
): Pick<ModuleList, 'packages' | 'generated' | 'foreign'> {
  const packages = new Map<string, BundledPackage>();
  const generated = new Set<string>();
  const foreign = new Set<string>();
  for (const id of ids) {
    const origin = moduleOrigin(id, projectRoot);
    if (origin.kind === 'package' && !packages.has(origin.dir)) {
      packages.set(origin.dir, {
        name: origin.name,
        version: readVersion(origin.dir),
        dir: toPosix(relative(projectRoot, origin.dir)),
      });
    } else if (origin.kind === 'generated') generated.add(origin.id);
    else if (origin.kind === 'foreign') foreign.add(origin.path);
  }
  const byName = (a: BundledPackage, b: BundledPackage) =>
    a.name.localeCompare(b.name) || a.dir.localeCompare(b.dir);
  return {
    packages: [...packages.values()].sort(byName),
    generated: [...generated].sort(),
    foreign: [...foreign].sort(),
  };
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(isString);

function isBundledPackage(value: unknown): value is BundledPackage {
  const entry = value as Partial<Record<keyof BundledPackage, unknown>> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    isString(entry.name) &&
    (entry.version === null || isString(entry.version)) &&
    isString(entry.dir)
  );
}

/** A list as written by the plugin, or an error saying what is wrong with it. */
export function parseModuleList(value: unknown, build: ShippedBuild): ModuleList {
  const list = value as Partial<Record<keyof ModuleList, unknown>> | null;
  if (typeof list !== 'object' || list === null) throw new Error('not a JSON object');
  if (list.format !== FORMAT) throw new Error(`format ${String(list.format)}, expected ${FORMAT}`);
  if (list.build !== build) throw new Error(`describes build ${String(list.build)}`);
  const files = list.files;
  const filesOk =
    typeof files === 'object' &&
    files !== null &&
    !Array.isArray(files) &&
    Object.values(files).every(isString);
  if (
    !isString(list.mode) ||
    !isString(list.command) ||
    !filesOk ||
    !Array.isArray(list.packages) ||
    !list.packages.every(isBundledPackage) ||
    !isStringArray(list.generated) ||
    !isStringArray(list.foreign) ||
    !isStringArray(list.externals)
  ) {
    throw new Error('missing or mistyped fields');
  }
  return list as ModuleList;
}

function codeFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && isCodeFile(entry.name))
    .map((entry) => toPosix(relative(dir, join(entry.parentPath, entry.name))));
}

/**
 * Why this list cannot be trusted to describe out/<build> as it stands (empty: it can): a
 * development build, code files changed, missing or added since, or modules it could not
 * attribute to a package version.
 */
export function moduleListProblems(list: ModuleList, buildOutDir: string): string[] {
  const problems: string[] = [];
  const where = `out/${list.build}`;
  if (list.mode !== 'production' || list.command !== 'build') {
    problems.push(
      `${where} is a ${list.mode} ${list.command}, not a production build: its modules are not the ones that ship`,
    );
  }
  if (Object.keys(list.files).length === 0) problems.push(`${where}: the list names no code file`);
  for (const [file, hash] of Object.entries(list.files)) {
    const path = join(buildOutDir, file);
    if (!existsSync(path)) problems.push(`${where}/${file} is missing (listed by the build)`);
    else if (sha256(readFileSync(path)) !== hash) {
      problems.push(`${where}/${file} changed since the build that listed its modules`);
    }
  }
  for (const file of codeFilesUnder(buildOutDir)) {
    if (!(file in list.files)) problems.push(`${where}/${file} is not from the listed build`);
  }
  for (const path of list.foreign) {
    problems.push(`${where} bundles ${path}, which is neither project code nor a package`);
  }
  for (const entry of list.packages) {
    if (entry.version === null) {
      problems.push(`${where} bundles ${entry.name} (${entry.dir}) but its version is unreadable`);
    }
  }
  return problems;
}
