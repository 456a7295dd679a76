/**
 * scripts/ holds only entry points: every file in it is what one npm command runs, named
 * after the command with `:` as `-` (`npm run check:fuses` → scripts/kiosk/check-fuses.ts,
 * `npm run staff-pin:hash` → scripts/kiosk/staff-pin-hash.ts), one folder deep, in a folder
 * by concern. What the entries share lives in tools/ (the dev tools' code) or services/, so a
 * file in scripts/ is always something to run. A service is run by an npm command too, from
 * its own entry: `npm run fleet:exporter` → services/exporter/main.ts, `npm run shop-service`
 * → services/shop/main.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** npm script name → the file under `folder`/ its command runs. */
function commandFiles(folder: string): Map<string, string> {
  const runs = new RegExp(`(?:^|\\s)(${folder}/[^\\s]+)(?=\\s|$)`);
  return new Map(
    Object.entries(scripts).flatMap(([name, command]) => {
      const file = runs.exec(command)?.[1];
      return file ? [[name, file] as const] : [];
    }),
  );
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

const entries = commandFiles('scripts');
const serviceEntries = commandFiles('services');

describe('scripts/', () => {
  it('holds exactly the files npm scripts run, and nothing else', () => {
    expect(entries.size).toBeGreaterThan(0);
    expect(filesUnder('scripts').sort()).toEqual([...new Set(entries.values())].sort());
  });

  it('names each file after its command', () => {
    for (const [name, file] of entries) {
      expect(file.split('/').at(-1), `npm run ${name}`).toBe(`${name.replaceAll(':', '-')}.ts`);
    }
  });

  it('keeps every entry one folder deep, in a folder by concern', () => {
    for (const file of entries.values()) {
      expect(file, file).toMatch(/^scripts\/[a-z-]+\/[a-z0-9-]+\.ts$/);
    }
    const folders = readdirSync(join(ROOT, 'scripts'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual(['dev', 'fleet', 'kiosk', 'supply-chain', 'web']);
  });
});

describe('services/', () => {
  it('runs each service from its own entry, services/<name>/main.ts, by an npm command', () => {
    const services = readdirSync(join(ROOT, 'services'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(services.length).toBeGreaterThan(0);
    const run = [...serviceEntries.values()];
    for (const service of services) {
      expect(run, service).toContain(`services/${service}/main.ts`);
    }
  });

  it('names each service’s command after it, and runs nothing but entries', () => {
    expect(serviceEntries.size).toBeGreaterThan(0);
    for (const [name, file] of serviceEntries) {
      const service = /^services\/([a-z-]+)\/main\.ts$/.exec(file)?.[1];
      expect(service, `npm run ${name} runs ${file}`).toBeDefined();
      // `npm run fleet:exporter` → services/exporter/, `npm run shop-service` → services/shop/.
      expect([service, `${service ?? ''}-service`], `npm run ${name}`).toContain(
        name.split(':').at(-1),
      );
    }
  });
});
