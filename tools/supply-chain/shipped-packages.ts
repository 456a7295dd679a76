/**
 * Which packages ship, at which versions: the list `npm run audit:shipped` audits.
 *
 * - Bundled: every package in the module lists of out/main, out/preload, out/renderer and
 *   out/web (module-list.mts), refused when a list is missing, from a development build, or
 *   no longer matches the files beside it.
 * - Loaded at run time: a package a bundle leaves external (not `electron`, not a Node
 *   built-in), at its locked version.
 * - Installed: the Electron runtime itself, and every package electron-builder packs into
 *   the installer, that is every package-lock entry not marked `dev` (today none: every
 *   package is a devDependency, which is why `npm audit --omit=dev` would check nothing).
 *   An electron-builder.yml that packs node_modules paths by hand is refused, since what
 *   those paths hold cannot be listed from here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { AuditedPackage } from './advisories';
import {
  moduleListPath,
  moduleListProblems,
  parseModuleList,
  readPackageVersion,
  SHIPPED_BUILDS,
  type ModuleList,
} from '../build/module-list.mts';

export const ELECTRON_RUNTIME = 'installer (Electron runtime)';
export const INSTALLER_DEPENDENCY = 'installer (dependencies)';

export interface ShippedInventory {
  packages: AuditedPackage[];
  /** Helpers the bundler generated, attributed to no package (named, for the record). */
  generated: string[];
  /** Why the inventory cannot be trusted; the audit stops on any. */
  problems: string[];
}

interface LockEntry {
  name?: unknown;
  version?: unknown;
  dev?: unknown;
  link?: unknown;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

/** `node_modules/a/node_modules/@s/b` → `@s/b`. */
function nameFromLockPath(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** The lockfile's packages (path → entry); none, with a problem, when it is unreadable. */
function lockedPackages(projectRoot: string, problems: string[]): Map<string, LockEntry> {
  try {
    const lock = readJson(join(projectRoot, 'package-lock.json')) as { packages?: unknown };
    if (typeof lock.packages !== 'object' || lock.packages === null) {
      throw new Error('it has no "packages" (lockfileVersion 2 or 3 is needed)');
    }
    return new Map(Object.entries(lock.packages as Record<string, LockEntry>));
  } catch (error) {
    problems.push(`package-lock.json cannot be read: ${(error as Error).message}`);
    return new Map();
  }
}

/** `react-dom/client` → `react-dom`, `@hono/node-server/x` → `@hono/node-server`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const BUILTINS = new Set(builtinModules);

/** What a bundle may import at run time without it being a package we must list. */
export function isRuntimeProvided(specifier: string): boolean {
  return (
    specifier.startsWith('node:') ||
    BUILTINS.has(packageNameOf(specifier)) ||
    packageNameOf(specifier) === 'electron'
  );
}

/** Paths electron-builder.yml packs by hand that reach into node_modules. */
export function handPackedModules(builderConfig: unknown): string[] {
  const config = (builderConfig ?? {}) as Record<string, unknown>;
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (!value.startsWith('!') && value.includes('node_modules')) found.push(value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  for (const key of ['files', 'extraResources', 'extraFiles']) visit(config[key]);
  return found;
}

export function shippedInventory(projectRoot: string, outDir: string): ShippedInventory {
  const problems: string[] = [];
  const generated = new Set<string>();
  const shipped = new Map<string, AuditedPackage & { shippedIn: string[] }>();
  const add = (name: string, version: string, where: string): void => {
    const key = `${name}@${version}`;
    const entry = shipped.get(key) ?? { name, version, shippedIn: [] };
    if (!entry.shippedIn.includes(where)) entry.shippedIn.push(where);
    shipped.set(key, entry);
  };
  const lock = lockedPackages(projectRoot, problems);

  for (const build of SHIPPED_BUILDS) {
    const buildDir = join(outDir, build);
    const listPath = moduleListPath(buildDir, build);
    if (!existsSync(listPath)) {
      problems.push(
        `out/${build} has no module list (${listPath}): build first, with npm run build:e2e, or npm run build and npm run build:web`,
      );
      continue;
    }
    let list: ModuleList;
    try {
      list = parseModuleList(readJson(listPath), build);
    } catch (error) {
      problems.push(`${listPath} cannot be read: ${(error as Error).message}`);
      continue;
    }
    problems.push(...moduleListProblems(list, buildDir));
    for (const entry of list.packages) {
      if (entry.version !== null) add(entry.name, entry.version, build);
    }
    for (const id of list.generated) generated.add(id);
    for (const specifier of list.externals.filter((s) => !isRuntimeProvided(s))) {
      const name = packageNameOf(specifier);
      const version = lock.get(`node_modules/${name}`)?.version;
      if (typeof version === 'string') add(name, version, `${build} (loaded at run time)`);
      else problems.push(`out/${build} loads ${specifier} at run time, but no version is locked`);
    }
  }

  const electron = readPackageVersion(join(projectRoot, 'node_modules', 'electron'));
  if (electron === null) problems.push('node_modules/electron has no readable version');
  else add('electron', electron, ELECTRON_RUNTIME);

  for (const [path, entry] of lock) {
    if (path === '' || entry.dev === true) continue;
    const name = typeof entry.name === 'string' ? entry.name : nameFromLockPath(path);
    if (typeof entry.version === 'string' && entry.link !== true) {
      add(name, entry.version, INSTALLER_DEPENDENCY);
    } else problems.push(`package-lock.json: ${path} ships but has no version to audit`);
  }

  try {
    const builderConfig: unknown = parse(
      readFileSync(join(projectRoot, 'electron-builder.yml'), 'utf8'),
    );
    for (const pattern of handPackedModules(builderConfig)) {
      problems.push(
        `electron-builder.yml packs "${pattern}" by hand: list what it ships (tools/supply-chain/shipped-packages.ts) before auditing`,
      );
    }
  } catch (error) {
    problems.push(`electron-builder.yml cannot be read: ${(error as Error).message}`);
  }

  const packages = [...shipped.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
  return { packages, generated: [...generated].sort(), problems };
}
