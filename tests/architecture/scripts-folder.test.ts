/**
 * scripts/ holds exactly one file per npm command that runs one, named after the command
 * with `:` as `-` (`npm run check:fuses` → scripts/check-fuses.ts, `npm run staff-pin:hash`
 * → scripts/staff-pin-hash.ts). Helpers live in scripts/lib/, so a file directly in
 * scripts/ is always something to run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** npm script name → the scripts/ file its command runs. */
const commandFiles = new Map(
  Object.entries(scripts).flatMap(([name, command]) => {
    const file = /(?:^|\s)scripts\/([^/\s]+)(?=\s|$)/.exec(command)?.[1];
    return file ? [[name, file] as const] : [];
  }),
);

describe('scripts/', () => {
  it('holds exactly the files npm scripts run, and nothing else', () => {
    const files = readdirSync(join(ROOT, 'scripts'), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    expect(commandFiles.size).toBeGreaterThan(0);
    expect(files.sort()).toEqual([...new Set(commandFiles.values())].sort());
  });

  it('names each file after its command', () => {
    for (const [name, file] of commandFiles) {
      expect(file, `npm run ${name}`).toBe(`${name.replaceAll(':', '-')}.ts`);
    }
  });

  it('keeps the helpers in scripts/lib/', () => {
    const folders = readdirSync(join(ROOT, 'scripts'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders).toEqual(['lib']);
  });
});
