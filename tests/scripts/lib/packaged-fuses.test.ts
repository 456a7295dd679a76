/**
 * npm run check:fuses reads the fuses back from a packaged binary. No Electron binary can be
 * built here, so the test writes one that carries just a fuse wire, laid out as Electron's
 * (sentinel, wire version, length, one byte per fuse: '0' off, '1' on, 'r' removed), and
 * reads it with @electron/fuses exactly as the hosted workflow reads the real one.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import {
  checkFuses,
  compareFuses,
  expectedFuses,
  packagedApps,
} from '../../../scripts/lib/packaged-fuses';

const ROOT = process.cwd();
const BUILDER_YAML = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8');
/** Electron's fuse sentinel (electron/build/fuses/build_fuses.py). */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const TSX = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');

/** A stand-in binary: some bytes, then the fuse wire with these states, then more bytes. */
function fakeBinary(states: Record<number, boolean>, wireLength = 8): string {
  const wire = Array.from({ length: wireLength }, (_, index) =>
    states[index] === undefined ? 'r' : states[index] ? '1' : '0',
  ).join('');
  const bytes = Buffer.concat([
    Buffer.alloc(4096, 0x90),
    Buffer.from(SENTINEL, 'ascii'),
    Buffer.from([1, wireLength]),
    Buffer.from(wire, 'ascii'),
    Buffer.alloc(4096, 0x90),
  ]);
  const path = join(mkdtempSync(join(tmpdir(), 'fuses-')), 'kiosk-shop');
  writeFileSync(path, bytes);
  return path;
}

/** The states electron-builder.yml asks for, as a packaged binary would carry them. */
function asConfigured(): Record<number, boolean> {
  return Object.fromEntries(expectedFuses(BUILDER_YAML));
}

function checkCli(app: string) {
  return spawnSync(TSX, ['scripts/check-fuses.ts', '--app', app], {
    cwd: ROOT,
    encoding: 'utf8',
    shell: process.platform === 'win32',
    timeout: 60_000,
  });
}

describe('reading the fuses back from a packaged binary', () => {
  it('knows every fuse electron-builder.yml sets', () => {
    expect(expectedFuses(BUILDER_YAML)).toEqual(
      new Map([
        [FuseV1Options.RunAsNode, false],
        [FuseV1Options.EnableNodeOptionsEnvironmentVariable, false],
        [FuseV1Options.EnableNodeCliInspectArguments, false],
        [FuseV1Options.EnableCookieEncryption, true],
        [FuseV1Options.EnableEmbeddedAsarIntegrityValidation, true],
        [FuseV1Options.OnlyLoadAppFromAsar, true],
        [FuseV1Options.GrantFileProtocolExtraPrivileges, false],
      ]),
    );
    expect(() => expectedFuses('electronFuses:\n  runAsNodes: false\n')).toThrow(/unknown fuse/);
  });

  it('passes a binary whose fuses are as configured', async () => {
    const lines: string[] = [];
    await expect(
      checkFuses([fakeBinary(asConfigured())], BUILDER_YAML, (line) => lines.push(line)),
    ).resolves.toBe(true);
    expect(lines[0]).toMatch(/^ok {3}.*\(fuse wire v1\)$/);
  }, 20_000);

  it('fails a binary where one fuse was left as it was', async () => {
    const binary = fakeBinary({ ...asConfigured(), [FuseV1Options.RunAsNode]: true });
    const lines: string[] = [];
    await expect(checkFuses([binary], BUILDER_YAML, (line) => lines.push(line))).resolves.toBe(
      false,
    );
    expect(lines).toContain('  ✗ RunAsNode: on (expected off)');
  }, 20_000);

  it('counts a removed or missing fuse as wrong, not as fine', () => {
    const expected = expectedFuses(BUILDER_YAML);
    const wire = Object.fromEntries(
      [...expected].map(([option, on]) => [option, on ? 49 : 48]),
    ) as Record<number, number>;
    expect(compareFuses(expected, wire).ok).toBe(true);
    expect(compareFuses(expected, { ...wire, [FuseV1Options.RunAsNode]: 114 }).checks[0]).toEqual({
      fuse: 'RunAsNode',
      expected: 'off',
      actual: 'removed',
    });
    const { [FuseV1Options.OnlyLoadAppFromAsar]: _dropped, ...short } = wire;
    expect(compareFuses(expected, short).ok).toBe(false);
  });

  it('runs as npm run check:fuses -- --app PATH, exiting 1 on a wrong fuse', () => {
    const good = checkCli(fakeBinary(asConfigured()));
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toContain('RunAsNode: off (expected off)');
    const bad = checkCli(
      fakeBinary({ ...asConfigured(), [FuseV1Options.EnableNodeCliInspectArguments]: true }),
    );
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('✗ EnableNodeCliInspectArguments: on (expected off)');
  }, 60_000);

  it('finds the apps electron-builder leaves in release/', () => {
    const release = mkdtempSync(join(tmpdir(), 'release-'));
    mkdirSync(join(release, 'linux-unpacked'));
    mkdirSync(join(release, 'win-unpacked'));
    writeFileSync(join(release, 'linux-unpacked', 'kiosk-shop'), '');
    writeFileSync(join(release, 'win-unpacked', 'Kiosk Shop.exe'), '');
    writeFileSync(join(release, 'Kiosk Shop-0.1.0-x86_64.AppImage'), '');
    expect(packagedApps(release, 'kiosk-shop', 'Kiosk Shop').sort()).toEqual([
      join(release, 'linux-unpacked', 'kiosk-shop'),
      join(release, 'win-unpacked', 'Kiosk Shop.exe'),
    ]);
    expect(packagedApps(join(release, 'missing'), 'kiosk-shop', 'Kiosk Shop')).toEqual([]);
  });
});
