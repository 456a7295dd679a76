// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createFrameBatcher } from './frame-batcher';

/** A page whose frames, timers and clock the test drives. */
function fakePage() {
  let time = 0;
  let hidden = false;
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  return {
    now: () => time,
    isHidden: () => hidden,
    hide: () => (hidden = true),
    advance: (ms: number) => (time += ms),
    requestFrame: (run: () => void) => {
      frames.push(run);
      return () => frames.splice(frames.indexOf(run), 1);
    },
    setTimer: (run: () => void) => {
      timers.push(run);
      return () => timers.splice(timers.indexOf(run), 1);
    },
    frame: () => frames.shift()?.(),
    timer: () => timers.shift()?.(),
    scheduled: () => frames.length + timers.length,
  };
}

function setup(
  costPerChunkMs: number,
  options: { maxQueue?: number; commitIntervalMs?: () => number } = {},
) {
  const page = fakePage();
  const chunks: number[][] = [];
  let commits = 0;
  const dropped: number[] = [];
  const batcher = createFrameBatcher<number>({
    process: (chunk) => {
      chunks.push([...chunk]);
      page.advance(costPerChunkMs);
    },
    commit: () => (commits += 1),
    budgetMs: 8,
    chunkSize: 10,
    onDrop: (count) => dropped.push(count),
    ...options,
    ...page,
  });
  return { page, batcher, chunks, dropped, commits: () => commits };
}

describe('frame batcher', () => {
  it('hands over what arrived in one frame at once and commits once', () => {
    const { page, batcher, chunks, commits } = setup(1);
    for (let i = 0; i < 25; i += 1) batcher.push(i);
    expect(chunks).toEqual([]);
    page.frame();
    expect(chunks.flat()).toHaveLength(25);
    expect(commits()).toBe(1);
    expect(page.scheduled()).toBe(0);
  });

  it('stops at the budget and goes on in the next frame, never losing an item', () => {
    const { page, batcher, chunks, commits } = setup(5);
    for (let i = 0; i < 100; i += 1) batcher.push(i);
    page.frame();
    // 5 ms a chunk, 8 ms a frame: two chunks fit.
    expect(chunks).toHaveLength(2);
    expect(batcher.pending).toBe(80);
    while (batcher.pending > 0) page.frame();
    expect(chunks.flat()).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(commits()).toBe(5);
  });

  it('goes on by timer when no frame comes, and drains everything while hidden', () => {
    const { page, batcher, chunks } = setup(5);
    page.hide();
    for (let i = 0; i < 100; i += 1) batcher.push(i);
    page.timer();
    expect(chunks.flat()).toHaveLength(100);
    expect(page.scheduled()).toBe(0);
  });

  it('drops the oldest items beyond its bound and says how many', () => {
    const { page, batcher, chunks, dropped } = setup(0, { maxQueue: 5 });
    for (let i = 0; i < 8; i += 1) batcher.push(i);
    page.frame();
    expect(chunks.flat()).toEqual([3, 4, 5, 6, 7]);
    expect(dropped.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('waits out the commit interval after a commit, then takes everything that came meanwhile in one frame', () => {
    const { page, batcher, chunks, commits } = setup(1, { commitIntervalMs: () => 200 });
    batcher.push(1);
    page.frame();
    expect(commits()).toBe(1);
    for (let i = 2; i <= 30; i += 1) batcher.push(i);
    // No frame is asked for before the interval is out: only its timer waits.
    page.frame();
    expect(chunks.flat()).toEqual([1]);
    page.advance(200);
    page.timer();
    page.frame();
    expect(chunks.flat()).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(commits()).toBe(2);
    expect(page.scheduled()).toBe(0);
  });

  it('commits on every frame while the interval is zero', () => {
    const { page, batcher, commits } = setup(1, { commitIntervalMs: () => 0 });
    for (let frame = 1; frame <= 3; frame += 1) {
      batcher.push(frame);
      page.frame();
      expect(commits()).toBe(frame);
    }
  });

  it('clear() forgets what waits and cancels the frame', () => {
    const { page, batcher, chunks } = setup(0);
    batcher.push(1);
    batcher.clear();
    expect(page.scheduled()).toBe(0);
    page.frame();
    expect(chunks).toEqual([]);
  });
});
