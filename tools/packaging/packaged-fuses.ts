/**
 * Reads the Electron fuses back from a packaged binary (with @electron/fuses, which flips
 * them for electron-builder) and compares them with `electronFuses` in electron-builder.yml.
 * Run by `npm run check:fuses` (scripts/kiosk/check-fuses.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { parse } from 'yaml';

/** The bytes Electron's fuse wire uses for a fuse that is off, on, or removed. */
const FUSE_BYTES: Readonly<Record<number, string>> = { 48: 'off', 49: 'on', 114: 'removed' };

export interface FuseCheck {
  fuse: string;
  expected: 'on' | 'off';
  actual: string;
}

/** RunAsNode → 0…: the enum's names, without TypeScript's reverse entries. */
const FUSES_BY_NAME = new Map(
  Object.entries(FuseV1Options).filter(
    (entry): entry is [string, FuseV1Options] => typeof entry[1] === 'number',
  ),
);

/** electron-builder.yml's `electronFuses`, as wire positions and the state each must have. */
export function expectedFuses(builderYaml: string): Map<FuseV1Options, boolean> {
  const config = parse(builderYaml) as { electronFuses?: Record<string, unknown> };
  const fuses = new Map<FuseV1Options, boolean>();
  for (const [key, value] of Object.entries(config.electronFuses ?? {})) {
    if (typeof value !== 'boolean') continue;
    // runAsNode → RunAsNode: electron-builder's keys are the fuse names, camel-cased.
    const option = FUSES_BY_NAME.get((key[0]?.toUpperCase() ?? '') + key.slice(1));
    if (option === undefined) throw new Error(`electron-builder.yml: unknown fuse "${key}"`);
    fuses.set(option, value);
  }
  if (fuses.size === 0) throw new Error('electron-builder.yml sets no electronFuses');
  return fuses;
}

/** Every expected fuse against the wire read from a binary; `ok` only when all match. */
export function compareFuses(
  expected: Map<FuseV1Options, boolean>,
  wire: Readonly<Record<number, unknown>>,
): { ok: boolean; checks: FuseCheck[] } {
  const checks = [...expected].map(([option, on]): FuseCheck => {
    const byte = wire[option];
    return {
      fuse: FuseV1Options[option],
      expected: on ? 'on' : 'off',
      actual: typeof byte === 'number' ? (FUSE_BYTES[byte] ?? `byte ${byte}`) : 'missing',
    };
  });
  return { ok: checks.every((check) => check.actual === check.expected), checks };
}

/** The app binaries electron-builder leaves in release/: linux-unpacked, win-unpacked, mac*. */
export function packagedApps(releaseDir: string, name: string, productName: string): string[] {
  if (!existsSync(releaseDir)) return [];
  return readdirSync(releaseDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const dir = join(releaseDir, entry.name);
      return [
        join(dir, name.toLowerCase()),
        join(dir, `${productName}.exe`),
        join(dir, `${productName}.app`),
      ];
    })
    .filter((path) => existsSync(path));
}

export async function checkFuses(
  apps: readonly string[],
  builderYaml: string,
  print: (line: string) => void = console.log,
): Promise<boolean> {
  const expected = expectedFuses(builderYaml);
  let allOk = true;
  for (const app of apps) {
    const { version, ...wire } = await getCurrentFuseWire(app);
    const { ok, checks } = compareFuses(expected, wire);
    print(`${ok ? 'ok  ' : 'FAIL'} ${app} (fuse wire v${version})`);
    for (const check of checks) {
      const mark = check.actual === check.expected ? '    ' : '  ✗ ';
      print(`${mark}${check.fuse}: ${check.actual} (expected ${check.expected})`);
    }
    allOk &&= ok;
  }
  return allOk;
}
