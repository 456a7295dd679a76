/** .github/dependabot.yml: npm packages and GitHub Actions both kept moving, grouped. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Group {
  patterns?: string[];
  'update-types'?: string[];
}
interface Update {
  'package-ecosystem': string;
  directory: string;
  schedule: { interval: string };
  'versioning-strategy'?: string;
  cooldown?: { 'default-days'?: number };
  groups?: Record<string, Group>;
}

const root = process.cwd();
const config = parse(readFileSync(join(root, '.github', 'dependabot.yml'), 'utf8')) as {
  version: number;
  updates: Update[];
};
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
  dependencies?: Record<string, string>;
};
const packages = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });

const ecosystem = (name: string): Update => {
  const found = config.updates.filter((update) => update['package-ecosystem'] === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
};

/** Dependabot's patterns: `*` matches any run of characters. */
const matches = (pattern: string, name: string): boolean =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
      .join('.*')}$`,
  ).test(name);

describe('the Dependabot config', () => {
  it('is version 2 and watches npm and GitHub Actions at the root, weekly', () => {
    expect(config.version).toBe(2);
    for (const name of ['npm', 'github-actions']) {
      const update = ecosystem(name);
      expect(update.directory).toBe('/');
      expect(update.schedule.interval).toBe('weekly');
      expect(update.cooldown?.['default-days']).toBeGreaterThan(0);
    }
  });

  it('keeps the exact npm pins exact', () => {
    expect(ecosystem('npm')['versioning-strategy']).toBe('increase');
  });

  it('groups Electron and its tools, and the other minor and patch updates', () => {
    const groups = ecosystem('npm').groups ?? {};
    const electron = groups.electron?.patterns ?? [];
    for (const name of ['electron', 'electron-builder', 'electron-vite', '@electron/fuses']) {
      expect(
        electron.some((pattern) => matches(pattern, name)),
        name,
      ).toBe(true);
    }
    expect(electron.some((pattern) => matches(pattern, 'react'))).toBe(false);
    // Electron's majors are grouped too; other majors come one by one.
    expect(groups.electron?.['update-types']).toBeUndefined();
    expect(groups['minor-and-patch']?.['update-types']?.sort()).toEqual(['minor', 'patch']);
  });

  it('names only groups whose patterns match a package of this project', () => {
    for (const [name, group] of Object.entries(ecosystem('npm').groups ?? {})) {
      for (const pattern of group.patterns ?? []) {
        expect(
          packages.some((pkg) => matches(pattern, pkg)),
          `${name}: ${pattern}`,
        ).toBe(true);
      }
    }
  });

  it('moves every pinned action in one pull request', () => {
    expect(ecosystem('github-actions').groups?.actions?.patterns).toEqual(['*']);
  });
});
