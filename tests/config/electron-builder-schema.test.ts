import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = process.cwd();
const schema: unknown = JSON.parse(
  readFileSync(join(root, 'node_modules', 'app-builder-lib', 'scheme.json'), 'utf8'),
);
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<
  string,
  unknown
>;

const ajv = new Ajv({ allErrors: true, strict: false });
const check = ajv.compile(schema as object);

function validate(candidate: unknown) {
  const valid = check(candidate);
  return { valid, errors: ajv.errorsText(check.errors) };
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's own JSON schema", () => {
    const { valid, errors } = validate(config);
    expect(errors).toBe('No errors');
    expect(valid).toBe(true);
  });

  it('fails the schema on a typo, so the test has teeth', () => {
    expect(validate({ ...config, electronFuse: { runAsNode: false } }).valid).toBe(false);
    expect(validate({ ...config, asar: 'yes' }).valid).toBe(false);
  });

  it('builds AppImage and deb for Linux and nsis for Windows', () => {
    expect(config).toMatchObject({
      appId: 'com.kioskshop.kiosk',
      productName: 'Kiosk Shop',
      asar: true,
      linux: { target: ['AppImage', 'deb'], icon: 'resources/icons' },
      win: { target: ['nsis'], icon: 'resources/icons/icon.ico' },
    });
  });

  it('starts the AppImage without --no-sandbox, which the installed kiosk refuses', () => {
    expect(config.appImage).toMatchObject({ executableArgs: [] });
  });

  it('packs only the built app and its resources', () => {
    const files = config.files as string[];
    expect(files.filter((entry) => !entry.startsWith('!'))).toEqual([
      'out/**',
      'resources/catalogue/**',
      'resources/icons/**',
      'package.json',
    ]);
  });

  it('sets the hardening fuses', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('points at icons that exist', () => {
    for (const file of ['512x512.png', '256x256.png', 'icon.ico', 'icon.svg']) {
      expect(readFileSync(join(root, 'resources', 'icons', file)).length).toBeGreaterThan(0);
    }
  });
});
