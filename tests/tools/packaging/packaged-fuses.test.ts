/**
 * Reading the fuses back from a packaged binary, as npm run check:fuses does. No Electron
 * binary can be built here, so the tests read a stand-in that carries just a fuse wire
 * (../support/fake-fuse-binary.ts) with @electron/fuses, as the hosted workflow reads the
 * real one.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import {
  checkFuses,
  compareFuses,
  expectedFuses,
  packagedApps,
} from '../../../tools/packaging/packaged-fuses';
import { asConfigured, BUILDER_YAML, fakeBinary } from '../../support/fake-fuse-binary';

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
