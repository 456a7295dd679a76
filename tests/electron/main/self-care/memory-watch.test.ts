import { describe, expect, it, vi } from 'vitest';
import {
  memoryOf,
  overCeiling,
  watchMemory,
} from '../../../../electron/main/self-care/memory-watch';

const metric = (type: string, megabytes: number) => ({
  type: type as 'Browser',
  memory: { workingSetSize: megabytes * 1024, peakWorkingSetSize: 0 },
});

describe('the memory watch', () => {
  it('reads main and the largest renderer from app.getAppMetrics, in MB', () => {
    expect(
      memoryOf([metric('Browser', 180), metric('GPU', 900), metric('Tab', 350), metric('Tab', 90)]),
    ).toEqual({
      mainMB: 180,
      rendererMB: 350,
    });
    expect(memoryOf([metric('Browser', 120)])).toEqual({ mainMB: 120, rendererMB: null });
  });

  it('says which process is over the ceiling, and nothing with the ceiling off', () => {
    expect(overCeiling({ mainMB: 2000, rendererMB: 300 }, 1536)).toBe(
      'the main process uses 2000 MB (maxMemoryMB 1536)',
    );
    expect(overCeiling({ mainMB: 200, rendererMB: 1600 }, 1536)).toBe(
      'the shop renderer uses 1600 MB (maxMemoryMB 1536)',
    );
    expect(overCeiling({ mainMB: 200, rendererMB: 1536 }, 1536)).toBeNull();
    expect(overCeiling({ mainMB: 99_999, rendererMB: 99_999 }, 0)).toBeNull();
  });

  it('samples periodically and asks for one relaunch when the renderer creeps over', () => {
    vi.useFakeTimers();
    try {
      let renderer = 400;
      const onOver = vi.fn();
      const watch = watchMemory({
        getAppMetrics: () => [metric('Browser', 150), metric('Tab', renderer)],
        maxMemoryMB: 1000,
        onOver,
        sampleMs: 60_000,
      });
      expect(watch.latest()).toBeNull();
      vi.advanceTimersByTime(60_000);
      expect(watch.latest()).toEqual({ mainMB: 150, rendererMB: 400 });
      renderer = 1200;
      vi.advanceTimersByTime(180_000);
      expect(onOver).toHaveBeenCalledExactlyOnceWith(
        'the shop renderer uses 1200 MB (maxMemoryMB 1000)',
      );
      watch.stop();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
