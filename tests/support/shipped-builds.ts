/**
 * Stand-in production builds for the shipped-package audit: out/<build>/index.js for each
 * shipped build, and the module list the build plugin would have written beside them.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  moduleListPath,
  sha256,
  SHIPPED_BUILDS,
  type BundledPackage,
  type ModuleList,
  type ShippedBuild,
} from '../../tools/build/module-list.mts';

export type BuildContents = Partial<Record<ShippedBuild, Partial<ModuleList>>>;

export const pkg = (name: string, version: string): BundledPackage => ({
  name,
  version,
  dir: `node_modules/${name}`,
});

/** Writes all four builds into a fresh out/ folder and returns its path. */
export function writeShippedBuilds(contents: BuildContents = {}, into?: string): string {
  const outDir = into ?? join(mkdtempSync(join(tmpdir(), 'shipped-builds-')), 'out');
  for (const build of SHIPPED_BUILDS) {
    const dir = join(outDir, build);
    mkdirSync(dir, { recursive: true });
    const code = `console.log(${JSON.stringify(build)});\n`;
    writeFileSync(join(dir, 'index.js'), code);
    const list: ModuleList = {
      format: 1,
      build,
      mode: 'production',
      command: 'build',
      files: { 'index.js': sha256(code) },
      packages: [],
      generated: ['rolldown/runtime.js'],
      foreign: [],
      externals: [],
      ...contents[build],
    };
    mkdirSync(join(outDir, 'shipped-modules'), { recursive: true });
    writeFileSync(moduleListPath(dir, build), JSON.stringify(list));
  }
  return outDir;
}
