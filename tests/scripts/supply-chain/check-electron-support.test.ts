/**
 * npm run check:electron-support against a stand-in registry on 127.0.0.1, with this
 * project's own pin (package.json) and installed Electron.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startFakeRegistry,
  unreachableRegistryUrl,
  type Answer,
  type FakeRegistry,
} from '../../support/fake-registry';
import { runScript } from '../support/run-script';
import { REPO_ROOT } from '../support/temp-project';

const pinned = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies.electron!;
const PINNED_MAJOR = Number(pinned.split('.')[0]);

/** The registry's abbreviated metadata, listing a stable release of each major given. */
const packument = (...majors: number[]) => ({
  name: 'electron',
  versions: Object.fromEntries(majors.map((major) => [`${major}.0.0`, {}])),
});

describe('npm run check:electron-support', () => {
  let registry: FakeRegistry | undefined;
  afterEach(async () => {
    await registry?.close();
    registry = undefined;
  });

  const check = async (answer: Answer) => {
    registry = await startFakeRegistry(() => answer);
    return runScript('supply-chain/check-electron-support.ts', ['--registry', registry.url]);
  };

  it('passes while the pinned major is one of the latest three stable ones', async () => {
    const run = await check({
      body: {
        name: 'electron',
        versions: {
          [`${PINNED_MAJOR - 1}.0.0`]: {},
          [`${PINNED_MAJOR + 2}.0.0`]: {},
          // A prerelease of a newer major does not yet push the pinned one out.
          [`${PINNED_MAJOR + 3}.0.0-beta.1`]: {},
        },
      },
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`Electron ${PINNED_MAJOR} is supported`);
    expect(registry?.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/electron',
        accept: 'application/vnd.npm.install-v1+json',
      }),
    ]);
  }, 60_000);

  it('fails once three newer stable majors are out', async () => {
    const run = await check({ body: packument(PINNED_MAJOR, PINNED_MAJOR + 3) });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `Electron ${PINNED_MAJOR} (package.json) is older than the 3 majors Electron supports ` +
        `${PINNED_MAJOR + 1}–${PINNED_MAJOR + 3}`,
    );
  }, 60_000);

  it('fails closed when it cannot tell', async () => {
    for (const [answer, reason] of [
      [{ body: '<html>proxy login</html>' }, 'not JSON'],
      [{ body: { name: 'electron' } }, 'without a "versions" object'],
      [{ body: packument() }, 'no stable Electron version'],
      [{ status: 404, body: {} }, 'answered HTTP 404'],
    ] as const) {
      const run = await check(answer);
      expect(run.status, reason).toBe(1);
      expect(run.stderr, reason).toContain('FAILED, could not tell whether Electron is supported');
      expect(run.stderr, reason).toContain(reason);
      await registry?.close();
      registry = undefined;
    }
    const run = await runScript('supply-chain/check-electron-support.ts', [
      '--registry',
      await unreachableRegistryUrl(),
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('could not reach the registry');
  }, 120_000);
});
