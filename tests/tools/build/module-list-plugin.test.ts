/**
 * The plugin in a real Vite build of a tiny project: it lists the package the bundle holds,
 * and the bundle it lists is byte for byte the bundle built without it.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { moduleListPlugin } from '../../../tools/build/module-list-plugin.mts';
import {
  moduleListPath,
  moduleListProblems,
  parseModuleList,
} from '../../../tools/build/module-list.mts';

function tinyProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'module-list-plugin-'));
  const pkg = join(root, 'node_modules', '@demo', 'greeting');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, 'package.json'), '{"name":"@demo/greeting","version":"2.4.6"}');
  writeFileSync(join(pkg, 'index.js'), 'export const greet = (n) => `hello ${n}`;\n');
  writeFileSync(
    join(root, 'entry.js'),
    "import { greet } from '@demo/greeting';\nimport('./later.js');\nconsole.log(greet('shop'));\n",
  );
  writeFileSync(join(root, 'later.js'), "export default 'later';\n");
  return root;
}

async function buildInto(root: string, outDir: string, plugins: Plugin[]): Promise<void> {
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { outDir, emptyOutDir: true, rollupOptions: { input: join(root, 'entry.js') } },
  });
}

function filesUnder(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [path.slice(dir.length), readFileSync(path, 'utf8')];
      }),
  );
}

describe('moduleListPlugin', () => {
  it('lists the bundled packages and the files, leaving the bundle as it was', async () => {
    const root = tinyProject();
    const withList = join(root, 'out', 'web');
    const without = join(root, 'plain', 'web');
    await buildInto(root, withList, [moduleListPlugin('web', root)]);
    await buildInto(root, without, []);

    expect(Object.keys(filesUnder(without))).toHaveLength(2);
    expect(filesUnder(withList)).toEqual(filesUnder(without));
    expect(readdirSync(join(root, 'plain'))).toEqual(['web']);

    const path = moduleListPath(withList, 'web');
    expect(path).toBe(join(root, 'out', 'shipped-modules', 'web.json'));
    const list = parseModuleList(JSON.parse(readFileSync(path, 'utf8')), 'web');
    expect(list).toMatchObject({ build: 'web', mode: 'production', command: 'build' });
    expect(list.packages).toEqual([
      { name: '@demo/greeting', version: '2.4.6', dir: 'node_modules/@demo/greeting' },
    ]);
    expect(list.foreign).toEqual([]);
    // Both chunks, the entry and the lazily loaded one, are named with their hashes.
    expect(Object.keys(list.files)).toHaveLength(2);
    expect(moduleListProblems(list, withList)).toEqual([]);
  }, 60_000);
});
