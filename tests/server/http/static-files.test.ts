/**
 * The one guard between a request path and the disk, shared by the kiosk's app:// protocol
 * and npm run serve. Paths go in raw, as a client that does not normalise them would send
 * them, and each secret sits exactly where a resolver without the guard would find it.
 */
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileInside, resolveInside } from '../../../server/http/static-files';

const base = mkdtempSync(join(tmpdir(), 'static-files-'));
const root = join(base, 'site');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html>');
writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
const SECRET = 'outside the site';
writeFileSync(join(base, 'secret.txt'), SECRET);
// On Windows a backslash separates folders; on POSIX it is part of a name, so these are
// where `..\secret.txt` and `assets/..\..\secret.txt` would lead there.
if (sep === '/') {
  writeFileSync(join(root, '..\\secret.txt'), SECRET);
  writeFileSync(join(root, 'assets', '..\\..\\secret.txt'), SECRET);
}
symlinkSync(join(base, 'secret.txt'), join(root, 'linked.txt'));
symlinkSync(join(root, 'assets', 'app.js'), join(root, 'alias.js'));

/** What a resolver that only decodes and joins would open. */
const unguarded = (pathname: string): string => resolve(root, `.${decodeURIComponent(pathname)}`);

describe('resolveInside', () => {
  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/.%2E/secret.txt',
    '/assets/../../secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2E%2E%2F%2E%2E%2Fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/assets/..%5C..%5Csecret.txt',
    '/assets/..\\..\\secret.txt',
  ])('refuses %s, which without the guard would read the secret', (pathname) => {
    expect(readFileSync(unguarded(pathname), 'utf8')).toBe(SECRET);
    expect(resolveInside(root, pathname)).toBeNull();
  });

  it.each(['/index.html%00.js', '/%00', '/%zz', '/%E0%A4%A'])('refuses %s', (pathname) => {
    expect(resolveInside(root, pathname)).toBeNull();
  });

  it('maps ordinary paths inside the folder, and / to the folder itself', () => {
    expect(resolveInside(root, '/assets/app.js')).toBe(join(root, 'assets', 'app.js'));
    expect(resolveInside(root, '/assets/./x/../app.js')).toBe(join(root, 'assets', 'app.js'));
    expect(resolveInside(root, '/caf%C3%A9.txt')).toBe(join(root, 'café.txt'));
    expect(resolveInside(root, '/')).toBe(resolve(root));
  });
});

describe('readFileInside', () => {
  it('reads a file inside, and one a symlink inside points to', async () => {
    expect(String(await readFileInside(root, join(root, 'assets', 'app.js')))).toBe(
      'console.log(1)',
    );
    expect(String(await readFileInside(root, join(root, 'alias.js')))).toBe('console.log(1)');
  });

  it('refuses a symlink that leads outside, a folder and a missing file', async () => {
    expect(await readFileInside(root, join(root, 'linked.txt'))).toBeNull();
    expect(await readFileInside(root, join(root, 'assets'))).toBeNull();
    expect(await readFileInside(root, join(root, 'missing.txt'))).toBeNull();
  });
});
