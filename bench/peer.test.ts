import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { preparePeer } from './peer';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function peerBuild(script: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'peer-test-'));
  made.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<script type="module" src="/assets/index.js"></script>');
  writeFileSync(join(dir, 'assets', 'index.js'), script);
  writeFileSync(join(dir, 'assets', 'index.css'), 'a{color:red}/* https://fakestoreapi.com */');
  return dir;
}

describe('the compared shop, made servable (--compare)', () => {
  it('points a copy at the bench catalogue and leaves the build as it was', () => {
    const source = peerBuild(
      'fetch("https://fakestoreapi.com/products");fetch(`https://fakestoreapi.com/products/${id}`)',
    );
    const peer = preparePeer(source);
    try {
      expect(readFileSync(join(peer.dir, 'assets', 'index.js'), 'utf8')).toBe(
        'fetch("/api/products");fetch(`/api/products/${id}`)',
      );
      expect(peer.rewritten).toEqual([{ file: join('assets', 'index.js'), count: 2 }]);
      // Stylesheets are not code that calls the catalogue.
      expect(readFileSync(join(peer.dir, 'assets', 'index.css'), 'utf8')).toContain('fakestoreapi');
      expect(readFileSync(join(source, 'assets', 'index.js'), 'utf8')).toContain(
        'https://fakestoreapi.com/products',
      );
    } finally {
      peer.remove();
    }
    expect(existsSync(peer.dir)).toBe(false);
  });

  it('refuses a build that never calls the catalogue base, rather than timing another one', () => {
    const source = peerBuild('fetch("https://example.com/products")');
    expect(() => preparePeer(source)).toThrow(/--compare-catalogue/);
    expect(() => preparePeer(source, 'https://example.com/')).not.toThrow();
  });
});
