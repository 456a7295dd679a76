import { vi } from 'vitest';

/**
 * Fakes timers, animation frames and idle callbacks, so code that waits for "after the
 * next paint" can be stepped frame by frame. Undo with vi.useRealTimers().
 */
export function fakeFrames(): void {
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
    ],
  });
}
