/**
 * Reads a served build's hidden source maps (`<asset>.js.map` beside each asset, with no
 * `sourceMappingURL` in the asset itself, so the JavaScript is byte for byte the one
 * shoppers get) to name the original file of a profiled frame.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import type { SourceOf } from './attribute';

function sourceAt(
  consumer: SourceMapConsumer,
  at: { line: number; column: number },
  bias: number,
): string | undefined {
  // source-map-js types `source` as a string; it is null where nothing maps.
  const source = consumer.originalPositionFor({ ...at, bias }).source as string | null;
  return source ?? undefined;
}

/** `sourceOf` for frames of scripts served from `origin` out of `dir`. */
export function sourcesIn(dir: string, origin: string): SourceOf {
  const consumers = new Map<string, SourceMapConsumer | undefined>();
  const consumerFor = (path: string): SourceMapConsumer | undefined => {
    if (consumers.has(path)) return consumers.get(path);
    const mapFile = join(dir, `${path}.map`);
    const consumer = existsSync(mapFile)
      ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')) as never)
      : undefined;
    consumers.set(path, consumer);
    return consumer;
  };
  return (frame) => {
    if (!frame.url.startsWith(`${origin}/`)) return undefined;
    const path = new URL(frame.url).pathname.slice(1);
    const consumer = consumerFor(path);
    if (!consumer) return undefined;
    // A profiled frame's position is where its function starts, which is often just left
    // of the first mapped token (a bundler's module wrapper, a parenthesis): the nearest
    // mapping at or left of it, else the nearest one right of it on the same line.
    const at = { line: frame.lineNumber + 1, column: frame.columnNumber };
    const source =
      sourceAt(consumer, at, SourceMapConsumer.GREATEST_LOWER_BOUND) ??
      sourceAt(consumer, at, SourceMapConsumer.LEAST_UPPER_BOUND);
    return source?.replace(/^(\.\.\/)+/, '');
  };
}
