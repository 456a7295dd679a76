import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
}
interface Workflow {
  on: unknown;
  jobs: Record<
    string,
    {
      strategy?: { matrix?: { include?: Record<string, string>[]; node?: unknown[] } };
      steps: Step[];
    }
  >;
}

const root = process.cwd();
const text = readFileSync(join(root, '.github', 'workflows', 'ci.yml'), 'utf8');
const workflow = parse(text) as Workflow;
const scripts = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const matrix = Object.values(workflow.jobs).flatMap((job) => job.strategy?.matrix?.include ?? []);
const commands = [
  ...steps.map((step) => step.run ?? ''),
  ...matrix.map((entry) => entry.test ?? ''),
].join('\n');

describe('the GitHub Actions workflow', () => {
  it('parses and has triggers and jobs', () => {
    expect(workflow.on).toBeTruthy();
    expect(steps.length).toBeGreaterThan(0);
  });

  it('names only npm scripts that exist', () => {
    const named = [...commands.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(0);
    for (const script of named) expect(scripts, `npm run ${script}`).toHaveProperty(script);
    expect(commands).toContain('npm test');
    expect(scripts).toHaveProperty('test');
  });

  it('runs on Linux and Windows, Linux under xvfb', () => {
    const oses = matrix.map((entry) => entry.os ?? '');
    expect(oses.some((os) => os.startsWith('ubuntu'))).toBe(true);
    expect(oses.some((os) => os.startsWith('windows'))).toBe(true);
    const linux = matrix.find((entry) => entry.os?.startsWith('ubuntu'));
    expect(linux?.test).toMatch(/^xvfb-run .*npm test$/);
  });

  it('uses only official actions, pinned to a full commit SHA with its tag beside it', () => {
    const actions = steps.flatMap((step) => (step.uses ? [step.uses] : []));
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(action).toMatch(/^actions\/[\w-]+@[0-9a-f]{40}$/);
    // YAML drops comments, so the tag is read from the text: `uses: …@<sha> # vX.Y.Z`.
    const usesLines = text.split('\n').filter((line) => /^\s*(-\s+)?uses:/.test(line));
    expect(usesLines).toHaveLength(actions.length);
    for (const line of usesLines) expect(line).toMatch(/@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
  });

  it('tests on Node 22 and 24, the versions Electron 45 supports', () => {
    const nodes = Object.values(workflow.jobs).flatMap((job) => job.strategy?.matrix?.node ?? []);
    expect(nodes).toEqual([22, 24]);
    expect(text).toContain('node-version: ${{ matrix.node }}');
  });

  it('fetches Electron, tests, audits and uploads the installers', () => {
    expect(commands).toContain('npm ci');
    expect(commands).toContain('node_modules/electron/install.js');
    expect(commands).toContain('npm run audit:electron');
    expect(commands).toContain('npm run package');
    expect(steps.some((step) => step.uses?.startsWith('actions/upload-artifact@'))).toBe(true);
  });

  it('fails early on an Electron major that Electron no longer supports', () => {
    for (const job of Object.values(workflow.jobs)) {
      const runs = job.steps.map((step) => step.run ?? '');
      const install = runs.indexOf('npm ci');
      const check = runs.indexOf('npm run check:electron-support');
      expect(check, 'a check:electron-support step right after npm ci').toBe(install + 1);
      expect(job.steps[check]?.if).toBeUndefined();
    }
    expect(scripts['check:electron-support']).toBe(
      'tsx scripts/supply-chain/check-electron-support.ts',
    );
  });

  it('audits the shipped packages after the test build made out/, in every test job', () => {
    // The self-update job packages two versions of its own; it runs no test build to audit.
    const testJobs = Object.values(workflow.jobs).filter((job) =>
      job.steps.some((step) => step.run === '${{ matrix.test }}'),
    );
    expect(testJobs.length).toBeGreaterThan(0);
    for (const job of testJobs) {
      const runs = job.steps.map((step) => step.run ?? '');
      const test = runs.indexOf('${{ matrix.test }}');
      const audit = runs.indexOf('npm run audit:shipped');
      expect(test, 'the test step').toBeGreaterThan(-1);
      expect(audit, 'an audit:shipped step after the tests').toBeGreaterThan(test);
      expect(job.steps[audit]?.if).toBeUndefined();
    }
    expect(scripts['audit:shipped']).toBe('tsx scripts/supply-chain/audit-shipped.ts');
    expect(text).not.toContain('continue-on-error');
  });

  it('reads the fuses back from the packaged binary, right after packaging it', () => {
    let packagingJobs = 0;
    for (const job of Object.values(workflow.jobs)) {
      const runs = job.steps.map((step) => step.run ?? '');
      const packaging = runs.findIndex((run) => run.startsWith('npm run package'));
      if (packaging === -1) continue;
      packagingJobs += 1;
      const check = runs.findIndex((run) => run === 'npm run check:fuses');
      expect(check, 'a check:fuses step after npm run package').toBeGreaterThan(packaging);
      expect(job.steps[check]?.if).toBe(job.steps[packaging]?.if);
    }
    expect(packagingJobs).toBeGreaterThan(0);
    expect(scripts['check:fuses']).toBe('tsx scripts/kiosk/check-fuses.ts');
  });

  it('has a job that watches a packaged kiosk update itself under Xvfb', () => {
    const job = workflow.jobs['update-e2e'];
    expect(job, 'an update-e2e job').toBeDefined();
    const runs = (job?.steps ?? []).map((step) => step.run ?? '');
    expect(runs).toContain('npm ci');
    expect(runs).toContain('xvfb-run --auto-servernum npm run update:e2e');
    expect(scripts['update:e2e']).toBe('tsx scripts/kiosk/update-e2e.ts');
    // The driver skips with a printed reason where Electron cannot be downloaded.
    const driver = readFileSync(join(root, 'scripts', 'kiosk', 'update-e2e.ts'), 'utf8');
    expect(driver).toContain('ensureElectronBinary');
    expect(driver).toContain('skipped: ');
  });
});
