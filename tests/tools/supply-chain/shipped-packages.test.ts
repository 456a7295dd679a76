import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ELECTRON_RUNTIME,
  handPackedModules,
  INSTALLER_DEPENDENCY,
  isRuntimeProvided,
  packageNameOf,
  shippedInventory,
} from '../../../tools/supply-chain/shipped-packages';
import { pkg, writeShippedBuilds, type BuildContents } from '../../support/shipped-builds';

interface Project {
  root: string;
  out: string;
}

/** A project with a lockfile, an installed Electron, an electron-builder.yml and its builds. */
function project(
  builds: BuildContents,
  lockPackages: Record<string, unknown> = {},
  builderYml = 'files:\n  - out/**\n',
): Project {
  const root = mkdtempSync(join(tmpdir(), 'shipped-packages-'));
  writeFileSync(
    join(root, 'package-lock.json'),
    JSON.stringify({
      lockfileVersion: 3,
      packages: {
        '': { name: 'kiosk-shop' },
        'node_modules/react': { version: '18.3.1', dev: true },
        ...lockPackages,
      },
    }),
  );
  mkdirSync(join(root, 'node_modules', 'electron'), { recursive: true });
  writeFileSync(join(root, 'node_modules', 'electron', 'package.json'), '{"version":"45.4.1"}');
  writeFileSync(join(root, 'electron-builder.yml'), builderYml);
  return { root, out: writeShippedBuilds(builds, join(root, 'out')) };
}

describe('package names and run-time imports', () => {
  it('reads the package from an import specifier', () => {
    expect(packageNameOf('react-dom/client')).toBe('react-dom');
    expect(packageNameOf('@hono/node-server/serve-static')).toBe('@hono/node-server');
    expect(isRuntimeProvided('node:fs')).toBe(true);
    expect(isRuntimeProvided('fs/promises')).toBe(true);
    expect(isRuntimeProvided('electron')).toBe(true);
    expect(isRuntimeProvided('electron-log')).toBe(false);
  });

  it('finds node_modules paths packed by hand, not the exclusions', () => {
    expect(
      handPackedModules({
        files: ['out/**', '!node_modules/**'],
        extraResources: [{ from: 'node_modules/sharp', to: 'sharp' }],
      }),
    ).toEqual(['node_modules/sharp']);
    expect(handPackedModules(null)).toEqual([]);
  });
});

describe('shippedInventory', () => {
  it('lists every bundled package with its builds, the Electron runtime and installer dependencies', () => {
    const { root, out } = project(
      {
        main: { packages: [pkg('hono', '4.13.19')], externals: ['electron', 'node:fs', 'ws'] },
        renderer: { packages: [pkg('react', '18.3.1')] },
        web: { packages: [pkg('react', '18.3.1')], generated: ['vite/preload-helper.js'] },
      },
      {
        'node_modules/ws': { version: '8.18.0', dev: true },
        'node_modules/better-sqlite3': { version: '12.0.0' },
      },
    );
    const inventory = shippedInventory(root, out);
    expect(inventory.problems).toEqual([]);
    expect(inventory.packages).toEqual([
      { name: 'better-sqlite3', version: '12.0.0', shippedIn: [INSTALLER_DEPENDENCY] },
      { name: 'electron', version: '45.4.1', shippedIn: [ELECTRON_RUNTIME] },
      { name: 'hono', version: '4.13.19', shippedIn: ['main'] },
      { name: 'react', version: '18.3.1', shippedIn: ['renderer', 'web'] },
      { name: 'ws', version: '8.18.0', shippedIn: ['main (loaded at run time)'] },
    ]);
    expect(inventory.generated).toEqual(['rolldown/runtime.js', 'vite/preload-helper.js']);
  });

  it('refuses to tell when a build is missing, stale or from a development build', () => {
    const { root, out } = project({ renderer: { mode: 'development', command: 'serve' } });
    rmSync(join(out, 'shipped-modules', 'preload.json'));
    writeFileSync(join(out, 'web', 'index.js'), 'changed after the build');
    writeFileSync(join(out, 'shipped-modules', 'main.json'), '{"format":1,"build":"main"}');
    expect(shippedInventory(root, out).problems).toEqual([
      expect.stringMatching(
        /shipped-modules\/main\.json cannot be read: missing or mistyped fields$/,
      ),
      expect.stringMatching(/^out\/preload has no module list/),
      'out/renderer is a development serve, not a production build: its modules are not the ones that ship',
      'out/web/index.js changed since the build that listed its modules',
    ]);
  });

  it('refuses run-time imports without a locked version, and hand-packed node_modules', () => {
    const { root, out } = project(
      { main: { externals: ['left-pad'] } },
      { 'node_modules/linked': { link: true } },
      'files:\n  - out/**\n  - node_modules/sharp/**\n',
    );
    expect(shippedInventory(root, out).problems).toEqual([
      'out/main loads left-pad at run time, but no version is locked',
      'package-lock.json: node_modules/linked ships but has no version to audit',
      'electron-builder.yml packs "node_modules/sharp/**" by hand: list what it ships (tools/supply-chain/shipped-packages.ts) before auditing',
    ]);
  });

  it('refuses without a lockfile or an installed Electron', () => {
    const { root, out } = project({});
    rmSync(join(root, 'package-lock.json'));
    rmSync(join(root, 'node_modules'), { recursive: true });
    const problems = shippedInventory(root, out).problems;
    expect(problems).toContainEqual(expect.stringMatching(/^package-lock\.json cannot be read/));
    expect(problems).toContain('node_modules/electron has no readable version');
  });
});
