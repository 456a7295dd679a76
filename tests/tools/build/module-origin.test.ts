import { describe, expect, it } from 'vitest';
import { moduleOrigin } from '../../../tools/build/module-origin.mts';

const ROOT = '/work/shop';

describe('moduleOrigin', () => {
  it('names the package after the last node_modules/, scoped or not', () => {
    expect(moduleOrigin('/work/shop/node_modules/react/index.js', ROOT)).toEqual({
      kind: 'package',
      name: 'react',
      dir: '/work/shop/node_modules/react',
    });
    expect(
      moduleOrigin('/work/shop/node_modules/@tanstack/query-core/build/index.js', ROOT),
    ).toEqual({
      kind: 'package',
      name: '@tanstack/query-core',
      dir: '/work/shop/node_modules/@tanstack/query-core',
    });
    // A nested copy is its own package folder, so its own version is read.
    expect(moduleOrigin('/work/shop/node_modules/a/node_modules/b/x.js', ROOT)).toEqual({
      kind: 'package',
      name: 'b',
      dir: '/work/shop/node_modules/a/node_modules/b',
    });
  });

  it('reads virtual wrappers and queries as the file they wrap', () => {
    expect(
      moduleOrigin('\0/work/shop/node_modules/react/index.js?commonjs-exports', ROOT),
    ).toMatchObject({ kind: 'package', name: 'react' });
    expect(moduleOrigin('/work/shop/src/main.tsx?worker', ROOT)).toEqual({ kind: 'own' });
  });

  it('tells bundler helpers apart from files', () => {
    expect(moduleOrigin('\0rolldown/runtime.js', ROOT)).toEqual({
      kind: 'generated',
      id: 'rolldown/runtime.js',
    });
    expect(moduleOrigin('vite/preload-helper.js', ROOT)).toEqual({
      kind: 'generated',
      id: 'vite/preload-helper.js',
    });
  });

  it('refuses files outside the project and outside any package', () => {
    expect(moduleOrigin('/elsewhere/lib.js', ROOT)).toEqual({
      kind: 'foreign',
      path: '/elsewhere/lib.js',
    });
    // A sibling folder that merely starts with the root's name is outside it.
    expect(moduleOrigin('/work/shop-old/src/a.ts', ROOT).kind).toBe('foreign');
    expect(moduleOrigin('/work/shop/node_modules/@scope', ROOT).kind).toBe('foreign');
    expect(moduleOrigin('/work/shop/node_modules/', ROOT).kind).toBe('foreign');
  });

  it('reads Windows ids, whatever the drive letter case', () => {
    expect(moduleOrigin('C:\\shop\\node_modules\\zod\\index.js', 'c:\\shop')).toMatchObject({
      kind: 'package',
      name: 'zod',
      dir: 'C:/shop/node_modules/zod',
    });
    expect(moduleOrigin('c:\\shop\\src\\a.ts', 'C:\\shop\\')).toEqual({ kind: 'own' });
    expect(moduleOrigin('D:\\other\\a.ts', 'C:\\shop').kind).toBe('foreign');
  });
});
