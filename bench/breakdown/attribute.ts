/**
 * Where the main thread's time went before the first card: every CPU profile sample in the
 * window goes to exactly one phase, so the phases add up to the thread's busy time.
 * - A sample in script goes by the innermost frame that has a source file, read through the
 *   build's source maps (validation is shared/product-rule.ts, store hydration the cart
 *   store, storage and cached catalogue, and so on). A bundle's top level is "script
 *   evaluation".
 * - A sample whose whole stack has no file is the bench's own load probe.
 * - A sample outside script ("(program)") goes by the innermost trace slice around it
 *   (compile, parse, style and layout, paint).
 */
import type { CallFrame, Sample, Slice } from './trace-events';

export const PHASES = [
  'script evaluation (module top level)',
  'script compile',
  'validation',
  'storage & store hydration',
  'catalogue response',
  'React render & commit',
  'router',
  'React Query',
  "shop's components & hooks",
  'other libraries',
  'script without a source map',
  "the bench's load probe",
  'HTML & CSS parse',
  'style & layout',
  'paint & commit',
  'garbage collection',
  'other browser work',
] as const;
export type Phase = (typeof PHASES)[number];

/** The original source of a frame (e.g. `src/app/app.tsx`, `node_modules/react-dom/…`). */
export type SourceOf = (frame: CallFrame) => string | undefined;

const SOURCE_PHASES: [RegExp, Phase][] = [
  [/shared\/product-rule\.ts$/, 'validation'],
  [/node_modules\/zustand\//, 'storage & store hydration'],
  [/src\/features\/cart\/store\//, 'storage & store hydration'],
  [/src\/lib\/browser-storage\.ts$/, 'storage & store hydration'],
  [/src\/features\/catalogue\/products-cache\.ts$/, 'storage & store hydration'],
  [/src\/features\/catalogue\/api\/catalogue-client\.ts$/, 'catalogue response'],
  [/node_modules\/(react-dom|react|scheduler)\//, 'React render & commit'],
  [/node_modules\/react-router/, 'router'],
  [/node_modules\/@tanstack\//, 'React Query'],
  [/(^|\/)(src|shared)\//, "shop's components & hooks"],
  [/node_modules\//, 'other libraries'],
];

const SLICE_PHASES: [RegExp, Phase][] = [
  [
    /^(v8\.compile|v8\.compileModule|V8\.CompileCode|V8\.CompileLazy|v8\.produceModuleCache|v8\.produceCache|CacheScript)/,
    'script compile',
  ],
  [/^(ParseHTML|ParseAuthorStyleSheet)$/, 'HTML & CSS parse'],
  [
    /^(UpdateLayoutTree|RecalculateStyles|Layout|UpdateLayerTree|IntersectionObserverController)/,
    'style & layout',
  ],
  [
    /^(PrePaint|Paint|PaintImage|Layerize|Commit|CompositeLayers|UpdateLayer|Decode Image|ImageDecodeTask)/,
    'paint & commit',
  ],
  [/^(MajorGC|MinorGC|V8\.GC|BlinkGC|GCEvent)/, 'garbage collection'],
];

const isTopLevel = (frame: CallFrame): boolean =>
  frame.functionName === '' && frame.lineNumber === 0 && frame.columnNumber === 0;

/** The phase of a sample in script, or undefined when V8 was not running script. */
export function scriptPhase(stack: readonly CallFrame[], sourceOf: SourceOf): Phase | undefined {
  const leaf = stack[0];
  if (!leaf) return undefined;
  if (leaf.functionName === '(garbage collector)') return 'garbage collection';
  if (leaf.functionName.startsWith('(')) return undefined; // (program), (idle), (root)
  for (const frame of stack) {
    if (frame.url === '') continue; // a built-in (JSON.parse, Array.prototype.map …)
    if (isTopLevel(frame)) return 'script evaluation (module top level)';
    const source = sourceOf(frame);
    if (source === undefined) return 'script without a source map';
    for (const [pattern, phase] of SOURCE_PHASES) if (pattern.test(source)) return phase;
    return 'other libraries';
  }
  // No frame has a file: the load probe, which Playwright adds as a script without a URL
  // (the page's own scripts all have one). It runs in both shops' loads alike.
  return "the bench's load probe";
}

/** The innermost slice of a known kind around `ts` (slices sorted by start). */
function slicePhase(slices: readonly Slice[], ts: number): Phase {
  let found: Phase = 'other browser work';
  let foundStart = -Infinity;
  for (const slice of slices) {
    if (slice.ts > ts) break;
    if (slice.end < ts || slice.ts < foundStart) continue;
    for (const [pattern, phase] of SLICE_PHASES) {
      if (pattern.test(slice.name)) {
        found = phase;
        foundStart = slice.ts;
        break;
      }
    }
  }
  return found;
}

export interface Attribution {
  /** µs per phase. */
  phases: Map<Phase, number>;
  /** µs the thread was busy in the window (the phases' sum). */
  busy: number;
}

/** Longest gap one sample may stand for: beyond it the profiler was not sampling. */
const MAX_SAMPLE_US = 5000;

/** Busy time of the main thread in [start, end], by phase. */
export function attribute(
  samples: readonly Sample[],
  slices: readonly Slice[],
  window: { start: number; end: number },
  sourceOf: SourceOf,
): Attribution {
  const phases = new Map<Phase, number>();
  let busy = 0;
  const relevant = slices.filter((slice) => slice.end >= window.start && slice.ts <= window.end);
  samples.forEach((sample, index) => {
    if (sample.ts < window.start || sample.ts > window.end) return;
    const leaf = sample.stack[0];
    if (!leaf || leaf.functionName === '(idle)' || leaf.functionName === '(root)') return;
    const next = samples[index + 1];
    const weight = Math.min(next === undefined ? 0 : next.ts - sample.ts, MAX_SAMPLE_US);
    const phase = scriptPhase(sample.stack, sourceOf) ?? slicePhase(relevant, sample.ts);
    phases.set(phase, (phases.get(phase) ?? 0) + weight);
    busy += weight;
  });
  return { phases, busy };
}
