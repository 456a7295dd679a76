import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const readEngines = (file: string): string =>
  (JSON.parse(readFileSync(join(root, file), 'utf8')) as { engines: { node: string } }).engines
    .node;

/** The lowest version a `>=x.y` range allows, as [major, minor]. */
function minimum(range: string): [number, number] {
  const match = /^>=\s*(\d+)\.(\d+)/.exec(range.trim());
  if (!match) throw new Error(`not a >= range: ${range}`);
  return [Number(match[1]), Number(match[2])];
}

describe('package.json engines', () => {
  it('asks for at least the Node that Electron’s own package declares', () => {
    const ours = minimum(readEngines('package.json'));
    const electron = minimum(readEngines('node_modules/electron/package.json'));
    expect(ours[0] * 1000 + ours[1]).toBeGreaterThanOrEqual(electron[0] * 1000 + electron[1]);
  });
});
