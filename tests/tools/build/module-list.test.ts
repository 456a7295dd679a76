import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeModules,
  moduleListPath,
  moduleListProblems,
  parseModuleList,
  readPackageVersion,
  sha256,
  type ModuleList,
} from '../../../tools/build/module-list.mts';

const ROOT = '/work/shop';

function builtDir(files: Record<string, string>): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'module-list-')), 'web');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

function listFor(files: Record<string, string>, extra: Partial<ModuleList> = {}): ModuleList {
  return {
    format: 1,
    build: 'web',
    mode: 'production',
    command: 'build',
    files: Object.fromEntries(Object.entries(files).map(([file, text]) => [file, sha256(text)])),
    packages: [{ name: 'react', version: '18.3.1', dir: 'node_modules/react' }],
    generated: [],
    foreign: [],
    externals: [],
    ...extra,
  };
}

describe('describeModules', () => {
  it('sorts module ids into packages (one per folder), helpers and foreign files', () => {
    const versions: Record<string, string> = {
      '/work/shop/node_modules/react': '18.3.1',
      '/work/shop/node_modules/a/node_modules/react': '17.0.2',
    };
    const described = describeModules(
      [
        '/work/shop/node_modules/react/index.js',
        '/work/shop/node_modules/react/cjs/react.production.js',
        '/work/shop/node_modules/a/node_modules/react/index.js',
        '/work/shop/src/main.tsx',
        '\0rolldown/runtime.js',
        '/tmp/stray.js',
        '/work/shop/node_modules/unknown/index.js',
      ],
      ROOT,
      (dir) => versions[dir] ?? null,
    );
    expect(described).toEqual({
      packages: [
        { name: 'react', version: '17.0.2', dir: 'node_modules/a/node_modules/react' },
        { name: 'react', version: '18.3.1', dir: 'node_modules/react' },
        { name: 'unknown', version: null, dir: 'node_modules/unknown' },
      ],
      generated: ['rolldown/runtime.js'],
      foreign: ['/tmp/stray.js'],
    });
  });

  it('reads a package version from its package.json, or null', () => {
    const dir = mkdtempSync(join(tmpdir(), 'module-list-pkg-'));
    expect(readPackageVersion(dir)).toBeNull();
    writeFileSync(join(dir, 'package.json'), '{"version": ""}');
    expect(readPackageVersion(dir)).toBeNull();
    writeFileSync(join(dir, 'package.json'), '{"version": "1.2.3"}');
    expect(readPackageVersion(dir)).toBe('1.2.3');
  });
});

describe('module lists', () => {
  it('sit beside the builds, never inside one', () => {
    expect(moduleListPath('/p/out/web', 'web')).toBe('/p/out/shipped-modules/web.json');
  });

  it('are read back only when whole and of the right build', () => {
    const list = listFor({ 'index.js': 'x' });
    expect(parseModuleList(JSON.parse(JSON.stringify(list)), 'web')).toEqual(list);
    expect(() => parseModuleList(list, 'main')).toThrow('describes build web');
    expect(() => parseModuleList({ ...list, format: 2 }, 'web')).toThrow('format 2');
    expect(() => parseModuleList(null, 'web')).toThrow('not a JSON object');
    expect(() => parseModuleList({ ...list, packages: [{ name: 'react' }] }, 'web')).toThrow(
      'missing or mistyped',
    );
    expect(() => parseModuleList({ ...list, files: ['index.js'] }, 'web')).toThrow(
      'missing or mistyped',
    );
  });

  it('describe the build as it stands, or say why not', () => {
    const files = { 'index.js': 'a', 'assets/b.js': 'b' };
    const dir = builtDir(files);
    expect(moduleListProblems(listFor(files), dir)).toEqual([]);

    expect(moduleListProblems(listFor(files, { mode: 'development' }), dir)).toEqual([
      'out/web is a development build, not a production build: its modules are not the ones that ship',
    ]);
    expect(moduleListProblems(listFor({ ...files, 'index.js': 'older' }), dir)).toEqual([
      'out/web/index.js changed since the build that listed its modules',
    ]);
    expect(moduleListProblems(listFor({ ...files, 'gone.js': 'g' }), dir)).toEqual([
      'out/web/gone.js is missing (listed by the build)',
    ]);
    expect(moduleListProblems(listFor({ 'index.js': 'a' }), dir)).toEqual([
      'out/web/assets/b.js is not from the listed build',
    ]);
    expect(moduleListProblems(listFor({}), builtDir({}))).toEqual([
      'out/web: the list names no code file',
    ]);
    expect(moduleListProblems(listFor(files, { foreign: ['/tmp/stray.js'] }), dir)).toEqual([
      'out/web bundles /tmp/stray.js, which is neither project code nor a package',
    ]);
    expect(
      moduleListProblems(
        listFor(files, { packages: [{ name: 'x', version: null, dir: 'node_modules/x' }] }),
        dir,
      ),
    ).toEqual(['out/web bundles x (node_modules/x) but its version is unreadable']);
  });
});
