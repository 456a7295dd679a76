/** `npm run -s headers:nginx -- URL` prints what the snippet of docs/web/deploy.md holds. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  nginxHeaderLines,
  serviceWorkerSecurityHeaders,
  webSecurityHeaders,
} from '../../../server/http/security-headers';

const ROOT = process.cwd();
const TSX = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(TSX, ['scripts/web/headers-nginx.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, VITE_CATALOGUE_URL: '', ...env },
    shell: process.platform === 'win32',
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim().split('\n');
}

/** The page's lines, then (after a blank line and a heading) the service worker's. */
function sections(lines: string[]): [string[], string[]] {
  const gap = lines.indexOf('');
  return [lines.slice(1, gap), lines.slice(gap + 2)];
}

describe('npm run headers:nginx', () => {
  it('prints the add_header lines for the catalogue it is given', () => {
    const lines = run(['https://catalogue.example.com']);
    expect(lines[0]).toBe(
      '# Security headers of the Kiosk Shop web build (catalogue https://catalogue.example.com)',
    );
    const [page, worker] = sections(lines);
    expect(page).toEqual(nginxHeaderLines(webSecurityHeaders('https://catalogue.example.com')));
    expect(worker).toEqual(
      nginxHeaderLines(serviceWorkerSecurityHeaders('https://catalogue.example.com')),
    );
  }, 60_000);

  it('defaults to the catalogue the web build defaults to', () => {
    const lines = run([]);
    expect(sections(lines)[0]).toEqual(
      nginxHeaderLines(webSecurityHeaders('https://fakestoreapi.com')),
    );
  }, 60_000);
});
