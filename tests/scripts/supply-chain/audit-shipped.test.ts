/**
 * npm run audit:shipped against stand-in builds and a stand-in registry on 127.0.0.1: the
 * project's own lockfile, Electron and electron-builder.yml, out/ from the test.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startFakeRegistry,
  unreachableRegistryUrl,
  type Answer,
  type FakeRegistry,
} from '../../support/fake-registry';
import { runScript } from '../support/run-script';
import { pkg, writeShippedBuilds } from '../../support/shipped-builds';

const BULK = '/-/npm/v1/security/advisories/bulk';

const HIGH_REACT_ADVISORY = {
  id: 1099001,
  url: 'https://github.com/advisories/GHSA-test-0001',
  title: 'Cross-site scripting in hydration',
  severity: 'high',
  vulnerable_versions: '>=18.0.0 <18.3.2',
};

function builds(): string {
  return writeShippedBuilds({
    main: { packages: [pkg('hono', '4.13.19')], externals: ['electron', 'node:fs'] },
    renderer: { packages: [pkg('react', '18.3.1'), pkg('zustand', '5.1.0')] },
    web: { packages: [pkg('react', '18.3.1'), pkg('zustand', '5.1.0')] },
  });
}

/**
 * What electron-builder packs from node_modules: every lockfile entry not marked dev
 * (electron-updater and what it needs), audited beside the bundles.
 */
function packedFromLockfile(): Record<string, string[]> {
  const lock = JSON.parse(readFileSync(join(__dirname, '../../../package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; dev?: boolean }>;
  };
  const packed: Record<string, string[]> = {};
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.dev === true || entry.version === undefined) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    packed[name] = [...(packed[name] ?? []), entry.version];
  }
  return packed;
}

describe('npm run audit:shipped', () => {
  let registry: FakeRegistry | undefined;
  afterEach(async () => {
    await registry?.close();
    registry = undefined;
  });

  const withRegistry = async (answer: (path: string) => Answer) => {
    registry = await startFakeRegistry(({ path }) => answer(path));
    return registry;
  };

  it('fails on a high advisory for a shipped package, naming the package and the advisory', async () => {
    const { url } = await withRegistry(() => ({
      body: {
        react: [HIGH_REACT_ADVISORY],
        // An advisory for versions that do not ship must not count.
        hono: [{ ...HIGH_REACT_ADVISORY, id: 7, vulnerable_versions: '<4.0.0' }],
      },
    }));
    const run = await runScript('supply-chain/audit-shipped.ts', [
      '--out',
      builds(),
      '--registry',
      url,
    ]);
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toContain(
      'HIGH react@18.3.1 (renderer, web): Cross-site scripting in hydration [1099001] ' +
        'https://github.com/advisories/GHSA-test-0001',
    );
    expect(run.stderr).not.toContain('hono@');
    expect(run.stderr).toContain('FAILED, 1 high or critical advisory(ies) in shipped packages');
  }, 60_000);

  it('passes when the registry knows no high advisory, having asked about exactly what ships', async () => {
    const fake = await withRegistry(() => ({
      body: {
        zustand: [
          {
            ...HIGH_REACT_ADVISORY,
            severity: 'moderate',
            title: 'Minor',
            vulnerable_versions: '<5.2.0',
          },
        ],
      },
    }));
    const run = await runScript('supply-chain/audit-shipped.ts', ['--out', builds()], {
      // The registry as `npm run audit:shipped --registry=URL` or an .npmrc passes it.
      npm_config_registry: fake.url,
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: BULK });
    const packed = packedFromLockfile();
    expect(fake.requests[0]?.body).toEqual({
      ...packed,
      electron: ['45.4.1'],
      hono: ['4.13.19'],
      react: ['18.3.1'],
      zustand: ['5.1.0'],
    });
    expect(run.stdout).toContain('note MODERATE zustand@5.1.0');
    expect(run.stdout).toContain(
      `audit:shipped: no high or critical advisory for the ${4 + Object.keys(packed).length} shipped`,
    );
  }, 60_000);

  it('fails closed when the registry cannot be reached', async () => {
    const url = await unreachableRegistryUrl();
    const run = await runScript('supply-chain/audit-shipped.ts', [
      '--out',
      builds(),
      '--registry',
      url,
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('the shipped packages were NOT audited, so this is not a pass');
    expect(run.stderr).toContain('could not reach the registry');
  }, 60_000);

  it('fails closed when the registry answers garbage or an error', async () => {
    for (const [answer, reason] of [
      [{ body: '<html>Sign in to the hotel Wi-Fi</html>' }, 'not JSON'],
      [{ body: ['not', 'an', 'object'] }, 'not a JSON object keyed by package name'],
      [{ body: { react: [{ id: 1 }] } }, 'no severity or vulnerable_versions'],
      [{ status: 500, body: {} }, 'answered HTTP 500'],
    ] as const) {
      const { url } = await withRegistry(() => answer);
      const run = await runScript('supply-chain/audit-shipped.ts', [
        '--out',
        builds(),
        '--registry',
        url,
      ]);
      expect(run.status, reason).toBe(1);
      expect(run.stderr, reason).toContain('NOT audited');
      expect(run.stderr, reason).toContain(reason);
      await registry?.close();
      registry = undefined;
    }
  }, 120_000);

  it('exits 2, not audited, when the registry has no advisory endpoint', async () => {
    // A read-only mirror answers the POST with 405; .ci/run tells this apart from a pass.
    const { url } = await withRegistry(() => ({ status: 405, body: '' }));
    const run = await runScript('supply-chain/audit-shipped.ts', [
      '--out',
      builds(),
      '--registry',
      url,
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('audit:shipped: NOT AUDITED');
    expect(run.stderr).toContain('has no bulk advisory endpoint');
    expect(run.stderr).toContain('answered HTTP 405');
  }, 60_000);

  it('asks nothing and fails when the builds no longer match their module lists', async () => {
    const fake = await withRegistry(() => ({ body: {} }));
    const out = builds();
    writeFileSync(join(out, 'renderer', 'index.js'), 'rebuilt without the plugin');
    const run = await runScript('supply-chain/audit-shipped.ts', [
      '--out',
      out,
      '--registry',
      fake.url,
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('out/renderer/index.js changed since the build');
    expect(run.stderr).toContain('cannot tell which packages ship');
    expect(fake.requests).toEqual([]);
  }, 60_000);
});
