/**
 * The machine-wide config file holds the broker password and the staff PIN hash, so the
 * install page must leave it readable by the kiosk account only: mode 0640 (owner root,
 * the kiosk account's group) on Linux, and on Windows no read for Users, Authenticated
 * Users or Everyone. The Linux snippet is run here, as written, into a folder of its own;
 * the Windows one (icacls, not runnable here) is read for the rights it grants.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const DOC = 'docs/kiosk/install.md';
const doc = readFileSync(join(__dirname, '../..', DOC), 'utf8');
const block = (language: string, including: string): string => {
  const found = [...doc.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))]
    .map((match) => match[1] ?? '')
    .find((text) => text.includes(including));
  if (found === undefined) throw new Error(`${DOC}: no ${language} block with ${including}`);
  return found;
};

describe(`the machine-wide config file of ${DOC}`, () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('on Linux is installed mode 0640, readable by no other account', () => {
    const snippet = block('sh', '/etc/kiosk-shop');
    dir = mkdtempSync(join(tmpdir(), 'kiosk-install-'));
    const work = dir;
    writeFileSync(join(work, 'kiosk-config.json'), '{}\n', { mode: 0o666 });
    const target = join(work, 'etc-kiosk-shop');
    const uid = String(process.getuid?.() ?? 0);
    const gid = String(process.getgid?.() ?? 0);
    for (const line of snippet.trim().split('\n')) {
      // As written, but into this test's folder, by this account, for its group.
      const args = line
        .replace(/^sudo /, '')
        .replaceAll('/etc/kiosk-shop', target)
        .split(/\s+/)
        .map((word, index, words) =>
          words[index - 1] === '-o' ? uid : words[index - 1] === '-g' ? gid : word,
        );
      const [command = '', ...rest] = args;
      expect(command).toBe('install');
      execFileSync(command, rest, { cwd: work, stdio: 'pipe' });
    }
    const mode = statSync(join(target, 'kiosk-config.json')).mode & 0o777;
    expect(mode.toString(8)).toBe('640');
    expect(mode & 0o007).toBe(0);
    expect(snippet).toMatch(/-o root -g \w+/);
  });

  it('on Windows grants read to the kiosk account and to no group of every user', () => {
    const snippet = block('bat', 'icacls');
    expect(snippet).toContain('/inheritance:r');
    expect(snippet).toContain('/grant:r');
    const grants = [...snippet.matchAll(/"([^"]+):\(OI\)\(CI\)(\w+)"/g)].map(([, who, rights]) => ({
      who: who ?? '',
      rights: rights ?? '',
    }));
    expect(grants).toEqual([
      { who: '*S-1-5-32-544', rights: 'F' },
      { who: '*S-1-5-18', rights: 'F' },
      { who: 'kiosk', rights: 'RX' },
    ]);
    // Users, Authenticated Users, Everyone: none of them reads the file.
    for (const everyone of ['S-1-5-32-545', 'S-1-5-11', 'S-1-1-0', 'Users', 'Everyone']) {
      expect(snippet).not.toContain(everyone);
    }
  });
});
