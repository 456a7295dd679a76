/**
 * A newcomer's pages, walked: every fenced shell block of the getting-started, kiosk
 * install, fleet overview, broker, console, counter, enrolment, operator's guide and cluster
 * pages carries a marker just above it, `<!-- docs-walk: … -->`, saying how it is held:
 *
 * - `run`: this test runs each command of the block in a scratch folder (its own key folder
 *   and home), and checks what the command's comment promises;
 * - `covered by PATH, …`: the named tests run it (long builds, servers, a broker), and each
 *   named test exists;
 * - `needs …`: what this machine lacks (root, the shop's TLS broker, an Electron build).
 *
 * A block without a marker, or with one of no known kind, fails here: a command added to a
 * page is either tried or says why it cannot be.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const PAGES = [
  'docs/getting-started.md',
  'docs/kiosk/install.md',
  'docs/fleet/overview.md',
  'docs/fleet/broker.md',
  'docs/fleet/console.md',
  'docs/fleet/counter.md',
  'docs/fleet/enrolment.md',
  'docs/fleet/operator-guide.md',
  'docs/fleet/cluster.md',
];

interface ShellBlock {
  page: string;
  line: number;
  /** The marker's text after `docs-walk:`, or null when there is none. */
  marker: string | null;
  /** Each command, continuation lines joined. */
  commands: string[];
}

function shellBlocks(page: string): ShellBlock[] {
  const lines = readFileSync(join(ROOT, page), 'utf8').split('\n');
  const blocks: ShellBlock[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (!/^\s*```(sh|bash|shell)\s*$/.test(lines[index] ?? '')) continue;
    const above = [lines[index - 1], lines[index - 2]].find((text) => text?.trim() !== '');
    const marker = /^\s*<!-- docs-walk: (.+?) -->\s*$/.exec(above ?? '')?.[1] ?? null;
    const body: string[] = [];
    for (index += 1; index < lines.length && !/^\s*```\s*$/.test(lines[index] ?? ''); index += 1) {
      body.push(lines[index] ?? '');
    }
    const commands = body
      .join('\n')
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((text) => text.trim())
      .filter((text) => text !== '');
    blocks.push({ page, line: index - body.length, marker, commands });
  }
  return blocks;
}

const BLOCKS = PAGES.flatMap(shellBlocks);

function withoutKeyFolder(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { KIOSK_SHOP_KEYS: _keys, XDG_CONFIG_HOME: _config, ...rest } = env;
  return rest;
}
const where = (block: ShellBlock) => `${block.page}:${block.line}`;

describe('the shell blocks of the newcomer’s pages', () => {
  it('each say how they are held: run here, covered by named tests, or what they need', () => {
    const unmarked = BLOCKS.filter(
      (block) => block.marker === null || !/^(run|covered by \S.*|needs \S.*)$/.test(block.marker),
    ).map(where);
    expect(unmarked).toEqual([]);
    expect(BLOCKS.length).toBeGreaterThan(10);
  });

  it('name only tests that exist where they say another test covers them', () => {
    const missing = BLOCKS.flatMap((block) => {
      const cover = /^covered by (.+)$/.exec(block.marker ?? '')?.[1] ?? '';
      const paths = [...cover.matchAll(/tests\/[\w/.-]+\.(?:test|spec)\.ts/g)].map((m) => m[0]);
      if (block.marker?.startsWith('covered by') && paths.length === 0) return [where(block)];
      return paths
        .filter((path) => !existsSync(join(ROOT, path)))
        .map((path) => `${where(block)} ${path}`);
    });
    expect(missing).toEqual([]);
  });

  describe('run here', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'docs-walk-'));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));

    for (const block of BLOCKS.filter((one) => one.marker === 'run')) {
      for (const command of block.commands) {
        it(`${where(block)}: ${command}`, () => {
          const [line = '', comment = ''] = command.split(/\s+#\s+/);
          const output = execFileSync('bash', ['-c', line], {
            cwd: ROOT,
            encoding: 'utf8',
            timeout: 30_000,
            // A newcomer's account: a home of its own, no key folder chosen by a variable.
            env: { ...withoutKeyFolder(process.env), HOME: scratch },
          });
          // What the comment promises, checked: the key file where it says, its mode, the key.
          const written = /writes ~\/([\w/.-]+\.key) \((0\d{3})\)/.exec(comment);
          if (written) {
            const file = join(scratch, written[1] ?? '');
            expect(existsSync(file), file).toBe(true);
            expect((statSync(file).mode & 0o777).toString(8).padStart(4, '0')).toBe(written[2]);
          }
          if (comment.includes('prints the public key')) {
            expect(output.split('\n')[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
          }
        }, 40_000);
      }
    }
  });
});
