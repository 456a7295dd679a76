import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateFirst, renderFirst } from './first-render';

const BUSY_MS = 8;
const PARTS = 4;

/**
 * Parts that each keep the thread busy for longer than React's slice (5 ms). The first asks
 * for a timer as it renders: a render in one go finishes every part before the timer can
 * run, a sliced one lets it in between two parts.
 */
function Parts({ log }: { log: string[] }) {
  return Array.from({ length: PARTS }, (_, index) => <Part key={index} index={index} log={log} />);
}

/** Keeps the thread busy, as a slow phone's render does. */
function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // nothing else may run meanwhile
  }
}

function Part({ index, log }: { index: number; log: string[] }) {
  if (index === 0 && !log.includes('timer asked')) {
    log.push('timer asked');
    setTimeout(() => log.push('timer'), 0);
  }
  busyFor(BUSY_MS);
  log.push(`part ${index}`);
  return <p>part {index}</p>;
}

async function rendered(container: HTMLElement): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (container.textContent.includes(`part ${PARTS - 1}`)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the app never rendered');
}

describe('renderFirst (the first render: one task, or sliced on a phone)', () => {
  let container: HTMLElement;
  let root: Root;
  const act = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let actBefore: boolean | undefined;

  beforeEach(() => {
    // A real browser's scheduling, not act's, which renders everything at once.
    actBefore = act.IS_REACT_ACT_ENVIRONMENT;
    act.IS_REACT_ACT_ENVIRONMENT = false;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    root.unmount();
    container.remove();
    act.IS_REACT_ACT_ENVIRONMENT = actBefore;
  });

  it('renders in one go where it is not sliced: nothing runs between the parts', async () => {
    const log: string[] = [];
    renderFirst(root, <Parts log={log} />, false);
    await rendered(container);
    // The render may end before the timer's turn comes: wait for it, then read the order.
    await vi.waitFor(() => {
      expect(log).toContain('timer');
    });
    const parts = log.filter((entry) => entry.startsWith('part '));
    expect(parts).toEqual(['part 0', 'part 1', 'part 2', 'part 3']);
    expect(log.indexOf('timer')).toBeGreaterThan(log.indexOf('part 3'));
  });

  it('yields between parts on a phone, so other work (a tap) is not held for the whole render', async () => {
    const log: string[] = [];
    renderFirst(root, <Parts log={log} />, true);
    await rendered(container);
    const timer = log.indexOf('timer');
    expect(timer).toBeGreaterThan(log.indexOf('part 0'));
    expect(timer).toBeLessThan(log.indexOf('part 3'));
    expect(container.textContent).toBe('part 0part 1part 2part 3');
  });
});

describe('hydrateFirst (a first screen the page holds as HTML, taken over)', () => {
  const act = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let actBefore: boolean | undefined;
  let container: HTMLElement;

  beforeEach(() => {
    actBefore = act.IS_REACT_ACT_ENVIRONMENT;
    act.IS_REACT_ACT_ENVIRONMENT = false;
    container = document.createElement('div');
    // What the build writes: the same parts, rendered ahead of time.
    container.innerHTML = renderToString(<Parts log={[]} />);
    document.body.append(container);
  });
  afterEach(() => {
    container.remove();
    act.IS_REACT_ACT_ENVIRONMENT = actBefore;
  });

  /** Resolves once React has taken over the last part (its fiber is on the element). */
  async function hydrated(): Promise<void> {
    const last = container.lastElementChild;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if (last && Object.keys(last).some((key) => key.startsWith('__reactFiber$'))) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the screen was never taken over');
  }

  for (const sliced of [false, true]) {
    it(`keeps every node of the screen${sliced ? ', yielding between parts on a phone' : ', in one go'}`, async () => {
      const nodes = [...container.children];
      const log: string[] = [];
      hydrateFirst(container, <Parts log={log} />, sliced);
      await hydrated();
      expect([...container.children]).toEqual(nodes);
      await vi.waitFor(() => {
        expect(log).toContain('timer');
      });
      const timer = log.indexOf('timer');
      if (sliced) {
        expect(timer).toBeGreaterThan(log.indexOf('part 0'));
        expect(timer).toBeLessThan(log.indexOf('part 3'));
      } else {
        expect(timer).toBeGreaterThan(log.indexOf('part 3'));
      }
    });
  }
});
