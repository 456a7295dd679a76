import { describe, expect, it } from 'vitest';
import { attribute, scriptPhase, type SourceOf } from './attribute';
import type { CallFrame, Sample, Slice } from './trace-events';

const ORIGIN = 'http://127.0.0.1:4300';
const frame = (functionName: string, url = '', lineNumber = 3, columnNumber = 7): CallFrame => ({
  functionName,
  url,
  lineNumber,
  columnNumber,
});
const asset = (name: string, at = 10): CallFrame =>
  frame(name, `${ORIGIN}/assets/index-abc.js`, 0, at);

/** A source map stand-in: column → source file. */
const SOURCES: Record<number, string> = {
  10: 'shared/product-rule.ts',
  20: 'node_modules/react-dom/cjs/react-dom-client.production.js',
  30: 'src/features/cart/store/cart-store.ts',
  40: 'src/features/catalogue/components/product-card.tsx',
  50: 'node_modules/react-router/dist/production/chunk.mjs',
};
const sourceOf: SourceOf = (call) =>
  call.url.startsWith(ORIGIN) ? SOURCES[call.columnNumber] : undefined;

describe('a profiled frame goes to its phase', () => {
  it('by the innermost frame with a source, through the source map', () => {
    // JSON.parse (a built-in, no URL) called by the validator, called by React.
    const stack = [frame('parse'), asset('isProduct', 10), asset('render', 20)];
    expect(scriptPhase(stack, sourceOf)).toBe('validation');
    expect(scriptPhase([asset('getItem', 30), asset('render', 20)], sourceOf)).toBe(
      'storage & store hydration',
    );
    expect(scriptPhase([asset('Card', 40)], sourceOf)).toBe("shop's components & hooks");
    expect(scriptPhase([asset('useRoutes', 50)], sourceOf)).toBe('router');
    expect(scriptPhase([asset('commitRoot', 20)], sourceOf)).toBe('React render & commit');
  });

  it("a bundle's top level is script evaluation; a file without a map says so", () => {
    const topLevel = frame('', `${ORIGIN}/assets/index-abc.js`, 0, 0);
    expect(scriptPhase([frame('defineProperty'), topLevel], sourceOf)).toBe(
      'script evaluation (module top level)',
    );
    expect(scriptPhase([frame('f', 'http://elsewhere/x.js')], sourceOf)).toBe(
      'script without a source map',
    );
    expect(scriptPhase([frame('querySelectorAll'), frame('reached')], sourceOf)).toBe(
      "the bench's load probe",
    );
  });

  it('leaves V8 states to the trace, except the garbage collector', () => {
    expect(scriptPhase([frame('(program)')], sourceOf)).toBeUndefined();
    expect(scriptPhase([frame('(garbage collector)')], sourceOf)).toBe('garbage collection');
  });
});

describe('the busy time before the first card', () => {
  const samples: Sample[] = [
    { ts: 900, stack: [asset('render', 20)] }, // before the navigation: not counted
    { ts: 1000, stack: [asset('isProduct', 10)] },
    { ts: 1100, stack: [frame('(program)')] }, // inside Layout
    { ts: 1200, stack: [frame('(idle)')] },
    { ts: 1300, stack: [frame('(program)')] }, // inside Paint, inside a task
    { ts: 1400, stack: [frame('(program)')] }, // in no known slice
    { ts: 1500, stack: [asset('render', 20)] },
    { ts: 1600, stack: [asset('render', 20)] }, // after the window
    { ts: 1700, stack: [frame('(idle)')] },
  ];
  const slices: Slice[] = [
    { name: 'ThreadControllerImpl::RunTask', ts: 1050, end: 1450 },
    { name: 'Layout', ts: 1050, end: 1150 },
    { name: 'Paint', ts: 1250, end: 1350 },
  ];

  it('gives every busy sample in the window one phase, weighted by its interval', () => {
    const { phases, busy } = attribute(samples, slices, { start: 1000, end: 1550 }, sourceOf);
    expect(Object.fromEntries(phases)).toEqual({
      validation: 100,
      'style & layout': 100,
      'paint & commit': 100,
      'other browser work': 100,
      'React render & commit': 100,
    });
    expect(busy).toBe(500);
  });
});
