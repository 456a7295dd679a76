/**
 * The README and every page under docs/ link only to what exists: each relative markdown
 * link, reference definition and `<img src>` / `<a href>` must name a file or folder of the
 * repository, and a `#anchor` must name a heading of the page it points to (as GitHub makes
 * heading anchors). Web and mail links are not followed. A renamed page, a moved picture or
 * a reworded heading fails here instead of sending a reader nowhere.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

/** A link as written in a page, with the line it is on. */
interface Link {
  line: number;
  target: string;
}

/** README.md and every markdown file under docs/, relative to the repository root. */
function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
  return ['README.md', ...docs.sort()];
}

/** Inline code spans hold examples, not links: `[x](y)` in backticks is text. */
const withoutCode = (line: string): string => line.replace(/(`+)[^`]*?\1/g, '');

/** Every link target of a markdown text, outside fenced code blocks and inline code. */
function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((raw, index) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1];
    if (opening) {
      if (!fence) fence = opening;
      else if (opening.startsWith(fence)) fence = undefined;
      return;
    }
    if (fence) return;
    const line = withoutCode(raw);
    const found = [
      ...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
      ...line.matchAll(/^\s*\[[^\]]+\]:\s*<?([^\s>]+)>?/g),
      ...line.matchAll(/<(?:img|a)\b[^>]*?\s(?:src|href)=["']([^"']+)["']/gi),
    ];
    for (const match of found) links.push({ line: index + 1, target: match[1] ?? '' });
  });
  return links;
}

/** Links that leave the repository (web, mail, other schemes) are not checked. */
const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** A heading's anchor as GitHub makes it: its text, lower case, punctuation dropped. */
function slugOf(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '')
    .replace(/(^|[^\p{L}\p{N}])[*_]{1,3}(?=\S)|(?<=\S)[*_]{1,3}(?=[^\p{L}\p{N}]|$)/gu, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a markdown text's headings make, repeats numbered as GitHub does (-1, -2). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (opening) {
      if (!fence) fence = opening;
      else if (opening.startsWith(fence)) fence = undefined;
      continue;
    }
    const heading = fence ? undefined : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Why a link of `page` leads nowhere, or undefined when it leads somewhere. */
function brokenReason(
  page: string,
  target: string,
  read: (path: string) => string | undefined,
): string | undefined {
  const hash = target.indexOf('#');
  const path = decodeURI(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const file = path === '' ? page : join(dirname(page), path).split(sep).join('/');
  if (file.startsWith('..')) return 'leaves the repository';
  if (path !== '' && !existsSync(join(ROOT, file))) return `no such file: ${file}`;
  if (anchor === undefined || anchor === '') return undefined;
  if (!file.endsWith('.md') || statSync(join(ROOT, file)).isDirectory()) return undefined;
  const text = read(file);
  if (text === undefined) return `cannot read ${file}`;
  return anchorsOf(text).has(anchor) ? undefined : `no heading #${anchor} in ${file}`;
}

const readPage = (path: string): string | undefined => {
  try {
    return readFileSync(join(ROOT, path), 'utf8');
  } catch {
    return undefined;
  }
};

describe('links in the README and docs/', () => {
  const all = pages();

  it('finds the README, the docs index and the pages under docs/', () => {
    expect(all).toEqual(
      expect.arrayContaining(['README.md', 'docs/README.md', 'docs/kiosk/configuration.md']),
    );
    expect(all.length).toBeGreaterThan(20);
  });

  it.each(all)('%s links only to files and headings that exist', (page) => {
    const text = readPage(page) ?? '';
    const broken = linksOf(text)
      .filter((link) => !isExternal(link.target))
      .flatMap((link) => {
        const reason = brokenReason(page, link.target, readPage);
        return reason ? [`${page}:${link.line} (${link.target}): ${reason}`] : [];
      });
    expect(broken).toEqual([]);
  });
});

describe('reading links out of markdown', () => {
  const sample = [
    '# Title',
    'See [the map](docs/architecture.md), ![a picture](resources/screenshots/products-laptop.png)',
    'and [a section](#the-keys "its title") or [the web](https://example.com), [mail](mailto:a@b.c).',
    '<img src="resources/screenshots/receipt-kiosk-portrait.png" alt="x" width="300">',
    '[ref]: docs/README.md',
    'Not a link: `[x](nowhere.md)`.',
    '```md',
    '[inside a fence](nowhere.md)',
    '```',
    '## The keys',
  ].join('\n');

  it('finds markdown links, pictures, reference definitions and img tags, not code', () => {
    expect(linksOf(sample).map((link) => link.target)).toEqual([
      'docs/architecture.md',
      'resources/screenshots/products-laptop.png',
      '#the-keys',
      'https://example.com',
      'mailto:a@b.c',
      'resources/screenshots/receipt-kiosk-portrait.png',
      'docs/README.md',
    ]);
  });

  it('makes heading anchors as GitHub does', () => {
    expect(slugOf('Signed receipts: what the QR holds, and how the counter checks it')).toBe(
      'signed-receipts-what-the-qr-holds-and-how-the-counter-checks-it',
    );
    expect(slugOf('A sample `mosquitto.conf` (TLS, passwords, an ACL)')).toBe(
      'a-sample-mosquittoconf-tls-passwords-an-acl',
    );
    expect(slugOf('The fleet console at 1,000 kiosks')).toBe('the-fleet-console-at-1000-kiosks');
    expect(slugOf('Where do I find…')).toBe('where-do-i-find');
    expect(slugOf('_Emphasis_ and **bold** and [a link](x.md)')).toBe(
      'emphasis-and-bold-and-a-link',
    );
    expect([...anchorsOf('## Notes\n## Notes\n```\n## not a heading\n```')]).toEqual([
      'notes',
      'notes-1',
    ]);
  });

  it('reports a missing file, a missing heading and a link out of the repository', () => {
    const read = (path: string) => (path === 'README.md' ? sample : readPage(path));
    expect(brokenReason('README.md', 'docs/architecture.md', read)).toBeUndefined();
    expect(brokenReason('README.md', '#the-keys', read)).toBeUndefined();
    expect(brokenReason('README.md', 'docs/no-such-page.md', read)).toBe(
      'no such file: docs/no-such-page.md',
    );
    expect(brokenReason('README.md', '#no-such-heading', read)).toBe(
      'no heading #no-such-heading in README.md',
    );
    expect(brokenReason('docs/README.md', '../../outside.md', read)).toBe('leaves the repository');
    expect(brokenReason('docs/README.md', 'kiosk/', read)).toBeUndefined();
  });
});
