import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  otherBuildRefusal,
  stampWebBuild,
  webBuildSlot,
} from '../../../tools/browser/web-build-slot';

function outDir(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'web-build-slot-')), 'web');
  mkdirSync(dir);
  return dir;
}

describe('whose build out/web holds', () => {
  it('is empty until there is an index.html', () => {
    expect(webBuildSlot(outDir())).toBe('empty');
  });

  it('is another’s when no stamp names it: a host’s own npm run build:web', () => {
    const dir = outDir();
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>their build</title>');
    expect(webBuildSlot(dir)).toBe('other');
  });

  it('is ours once stamped, and another’s again once something rebuilt it', () => {
    const dir = outDir();
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>serve</title>');
    stampWebBuild(dir, '/api');
    expect(webBuildSlot(dir)).toBe('ours');
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>VITE_CATALOGUE_URL=…</title>');
    expect(webBuildSlot(dir)).toBe('other');
  });

  it('says in one line how to keep it or replace it', () => {
    const line = otherBuildRefusal('/repo/out/web', '/repo');
    expect(line).not.toContain('\n');
    expect(line).toContain('out/web holds a web build npm run serve did not make');
    expect(line).toContain('npm run serve -- --no-build');
    expect(line).toContain('npm run serve -- --rebuild');
  });
});
