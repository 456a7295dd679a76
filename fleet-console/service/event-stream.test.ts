// @vitest-environment node
/**
 * The change feed's event parser: the same events however the text is cut into chunks,
 * any line break, comments ignored, an event too long dropped whole; and whatever random or
 * mutated text arrives, it never throws and never holds more than its bound.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzParameters,
} from '../../tests/support/fixtures/hostile-payloads';
import { createEventParser, type StreamEvent } from './event-stream';

const STREAM =
  'event: open\ndata: {"after":4}\n\n: still here\n\nevent: change\nid: 5\ndata: {"a":1}\n\n' +
  'event: change\r\nid: 6\r\ndata: line one\r\ndata: line two\r\n\r\n';
const EVENTS: StreamEvent[] = [
  { event: 'open', id: null, data: '{"after":4}' },
  { event: 'change', id: '5', data: '{"a":1}' },
  { event: 'change', id: '6', data: 'line one\nline two' },
];

function parseAll(chunks: readonly string[], max?: number) {
  const parser = createEventParser(max);
  return { events: chunks.flatMap((chunk) => parser.push(chunk)), parser };
}

describe('reading the change feed’s events', () => {
  it(
    'reads the events whole, however the text is cut',
    () => {
      expect(parseAll([STREAM]).events).toEqual(EVENTS);
      expect(
        parseAll(Array.from({ length: STREAM.length }, (_, index) => STREAM.charAt(index))).events,
      ).toEqual(EVENTS);
      fc.assert(
        fc.property(fc.array(fc.nat(STREAM.length), { maxLength: 12 }), (cuts) => {
          const points = [...new Set([0, ...cuts.sort((a, b) => a - b), STREAM.length])];
          const chunks = points.slice(1).map((end, index) => STREAM.slice(points[index], end));
          expect(parseAll(chunks).events).toEqual(EVENTS);
        }),
        fuzzParameters(300),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it('drops an event too long, and reads the next', () => {
    const long = `event: change\nid: 7\ndata: ${'x'.repeat(500)}\n\nevent: change\nid: 8\ndata: ok\n\n`;
    const { events, parser } = parseAll([long], 100);
    expect(events).toEqual([{ event: 'change', id: '8', data: 'ok' }]);
    expect(parser.dropped).toBe(1);
    // A line that never ends, in many chunks: dropped too, never held.
    const endless = parseAll(
      [...Array.from({ length: 50 }, () => 'y'.repeat(40)), '\n\ndata: z\n\n'],
      100,
    );
    expect(endless.events).toEqual([{ event: 'message', id: null, data: 'z' }]);
  });

  it(
    'never throws on random or mutated text, and keeps every event within its bound',
    () => {
      const mutated = fc
        .tuple(fc.nat(STREAM.length), fc.string({ maxLength: 40 }), fc.nat(40))
        .map(([at, insert, remove]) => STREAM.slice(0, at) + insert + STREAM.slice(at + remove));
      fc.assert(
        fc.property(
          fc.oneof(mutated, fc.string({ unit: 'binary', maxLength: 3000 })),
          fc.array(fc.nat(3000), { maxLength: 8 }),
          (text, cuts) => {
            const points = [
              ...new Set([
                0,
                ...cuts.filter((cut) => cut < text.length).sort((a, b) => a - b),
                text.length,
              ]),
            ];
            const chunks = points.slice(1).map((end, index) => text.slice(points[index], end));
            for (const event of parseAll(chunks, 200).events) {
              expect(event.data.length).toBeLessThanOrEqual(200);
            }
          },
        ),
        fuzzParameters(400),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
