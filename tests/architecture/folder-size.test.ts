/**
 * A room stays small enough to read: no folder of the scripts, the dev tools, the services,
 * the fleet agent, the kiosk's main process, the console or shared/ holds more than 15
 * source files of its own (its subfolders count apart; unit tests beside the code do not
 * count). A room that grows past that splits by concern, so its folder names say where each
 * thing lives.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

/** The rooms held to the limit. */
const ROOMS = [
  'scripts',
  'tools',
  'services',
  'fleet-agent',
  'electron/main',
  'fleet-console',
  'shared',
];
const MOST_FILES = 15;
const SOURCE = /\.(?:ts|tsx|mts)$/;
const UNIT_TEST = /\.test\.(?:ts|tsx)$/;

const isSource = (name: string): boolean => SOURCE.test(name) && !UNIT_TEST.test(name);

/** Each folder under `room` (itself included) → how many source files it holds directly. */
function looseSourceFiles(room: string): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (dir: string): void => {
    const entries = readdirSync(join(ROOT, dir), { withFileTypes: true });
    counts.set(dir, entries.filter((entry) => entry.isFile() && isSource(entry.name)).length);
    for (const entry of entries) {
      if (entry.isDirectory())
        visit(
          relative(ROOT, join(ROOT, dir, entry.name))
            .split(sep)
            .join('/'),
        );
    }
  };
  visit(room);
  return counts;
}

describe('room size', () => {
  it.each(ROOMS)('no folder of %s/ holds more than 15 loose source files', (room) => {
    const counts = looseSourceFiles(room);
    expect(counts.size).toBeGreaterThan(1);
    const crowded = [...counts].filter(([, count]) => count > MOST_FILES);
    expect(crowded).toEqual([]);
  });

  it('counts a folder’s own files, not its subfolders’, nor the unit tests beside them', () => {
    const counts = looseSourceFiles('scripts');
    expect(counts.get('scripts')).toBe(0);
    expect(counts.get('scripts/fleet')).toBeGreaterThan(0);
    const beside = readdirSync(join(ROOT, 'fleet-console/connection'));
    expect(beside.filter((name) => UNIT_TEST.test(name)).length).toBeGreaterThan(0);
    expect(looseSourceFiles('fleet-console').get('fleet-console/connection')).toBe(
      beside.filter(isSource).length,
    );
  });
});
