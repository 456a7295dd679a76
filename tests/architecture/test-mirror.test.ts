/**
 * Tests mirror the source: tests/electron/main/config/config.test.ts tests electron/main/config/config.ts,
 * tests/server/http/static-files.test.ts tests server/http/static-files.ts, and so on. A
 * test named after no source file (a renamed or deleted module, a test of several at once)
 * fails here, so the mirror cannot drift. Renderer unit tests sit beside their code instead.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

/** The mirrored suites: tests/<path> holds the tests of <path>. */
const MIRRORED = [
  'electron/main',
  'electron/preload',
  'fleet-agent',
  'shared',
  'server',
  'scripts',
  'services',
  'tools',
  // The console's tests that need Node: a real Mosquitto, node:crypto, the kiosk's own rules.
  'fleet-console',
];

/**
 * Tests that may keep a name without a source file, each with its reason. None today: a test
 * of how modules work together is named after the module that wires them (main's wiring is
 * tests/electron/main/index.test.ts, after index.ts).
 */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  'tests/fleet-agent/fleet-client-brokers.test.ts':
    'fleet-client.ts given several brokers (refused ports, no broker needed), apart from fleet-client.test.ts on one Mosquitto',
  'tests/fleet-agent/fleet-cluster-failover.test.ts':
    'the fleet client and the console reader on a NATS cluster whose nodes are killed',
  'tests/fleet-agent/fleet-cluster-scale.test.ts':
    '500 simulated kiosks (the fleet client) and the console reader on a NATS cluster that loses a node',
  'tests/services/shop/records-ha.test.ts':
    'three replicas of the shop service (main.ts) on a Patroni cluster of PostgreSQL whose primary is killed during contested claims',
};

/** Helpers shared by a suite's tests live in a support/ folder of that suite. */
const SUPPORT = 'support';

function filesUnder(dir: string): string[] {
  const absolute = join(ROOT, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts'];

function sourceOf(testFile: string): string | undefined {
  const stem = testFile.replace(/^tests\//, '').replace(/\.test\.ts$/, '');
  return SOURCE_EXTENSIONS.map((extension) => stem + extension).find((path) =>
    existsSync(join(ROOT, path)),
  );
}

const inSupport = (file: string): boolean => file.split('/').includes(SUPPORT);

describe('the test mirror', () => {
  const files = MIRRORED.flatMap((dir) => filesUnder(`tests/${dir}`));
  const tests = files.filter((file) => file.endsWith('.test.ts') && !inSupport(file));

  it('finds the mirrored suites', () => {
    for (const dir of MIRRORED) {
      expect(
        tests.some((file) => file.startsWith(`tests/${dir}/`)),
        dir,
      ).toBe(true);
    }
  });

  it('names every test after the source file at the same path', () => {
    const orphans = tests.filter((file) => !(file in EXCEPTIONS) && !sourceOf(file));
    expect(orphans).toEqual([]);
  });

  it('keeps each exception justified and still needed', () => {
    for (const [file, reason] of Object.entries(EXCEPTIONS)) {
      expect(tests, file).toContain(file);
      expect(sourceOf(file), `${file} now has a source file`).toBeUndefined();
      expect(reason.length, `${file} needs a reason`).toBeGreaterThan(20);
    }
  });

  it('keeps helpers in support/ folders, apart from the tests', () => {
    const misplaced = files.filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !inSupport(file),
    );
    expect(misplaced).toEqual([]);
    expect(files.filter((file) => inSupport(file) && file.endsWith('.test.ts'))).toEqual([]);
  });

  it('tells a test without a source apart from one with it', () => {
    expect(sourceOf('tests/electron/main/config/config.test.ts')).toBe(
      'electron/main/config/config.ts',
    );
    expect(sourceOf('tests/tools/packaging/packaged-fuses.test.ts')).toBe(
      'tools/packaging/packaged-fuses.ts',
    );
    expect(sourceOf('tests/electron/main-index.test.ts')).toBeUndefined();
    expect(sourceOf('tests/electron/main/config-packaged.test.ts')).toBeUndefined();
  });
});
