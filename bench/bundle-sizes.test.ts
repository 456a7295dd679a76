import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { INLINE_SCRIPTS, inlineScripts, measureBuild } from './bundle-sizes';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function build(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-sizes-'));
  made.push(dir);
  mkdirSync(join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('what a page runs inline', () => {
  it('is every script without a src that runs, not JSON data or an empty tag', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module">b()</script>',
      '<script type="text/javascript">c()</script>',
      '<script type="application/json" id="x">{"d":1}</script>',
      '<script type="module" src="/assets/e.js"></script>',
      '<script>\n</script>',
    ].join('\n');
    expect(inlineScripts(html)).toEqual(['a()', 'b()', 'c()']);
  });
});

describe('the first download of a build', () => {
  it('counts the scripts written into index.html with the files it references', () => {
    const early = '(()=>{document.head.append(document.createElement("link"))})()';
    const dir = build({
      'index.html': `<head><script>${early}</script><script type="module" src="/assets/index-1.js"></script><link rel="stylesheet" href="/assets/index-1.css"></head>`,
      'assets/index-1.js': 'import "./react-1.js";import("./lazy-1.js");',
      'assets/react-1.js': 'export const r = 1;',
      'assets/lazy-1.js': 'export const l = 1;',
      'assets/index-1.css': 'body{margin:0}',
    });
    const sizes = measureBuild(dir, dir);
    expect(sizes.initial.map((asset) => [asset.file, asset.role])).toEqual([
      [INLINE_SCRIPTS, 'inline'],
      ['assets/index-1.js', 'entry'],
      ['assets/index-1.css', 'stylesheet'],
      ['assets/react-1.js', 'static import'],
    ]);
    expect(sizes.initial[0]?.gzipBytes).toBe(gzipSync(early, { level: 9 }).length);
    expect(sizes.lazy.map((asset) => asset.file)).toEqual(['assets/lazy-1.js']);
    expect(sizes.initialGzipBytes).toBe(
      sizes.initial.reduce((sum, asset) => sum + asset.gzipBytes, 0),
    );
  });
});
