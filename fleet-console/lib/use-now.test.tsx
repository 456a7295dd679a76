import { Profiler } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSharedNow } from './use-now';

/** Renders of the clocks, counted by React's profiler. */
let renders = 0;
const counted = (): void => {
  renders += 1;
};
function Reading({ label }: { label: string }) {
  return <p>{`${label} ${useSharedNow(1000)}`}</p>;
}
function Clock({ label }: { label: string }) {
  return (
    <Profiler id={label} onRender={counted}>
      <Reading label={label} />
    </Profiler>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  renders = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the page's shared clock", () => {
  it('ticks every reader together from one timer, and stops when none is left', () => {
    const { container, unmount } = render(
      <>
        <Clock label="a" />
        <Clock label="b" />
        <Clock label="c" />
      </>,
    );
    expect(vi.getTimerCount()).toBe(1);
    const first = renders;
    act(() => void vi.advanceTimersByTime(1000));
    expect(renders - first).toBe(3);
    expect(container.textContent).toBe('a 1001000b 1001000c 1001000');
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('draws a reader again only when its clock ticks, not on every render around it', () => {
    const { rerender } = render(<Clock label="a" />);
    const before = renders;
    rerender(<Clock label="a" />);
    rerender(<Clock label="a" />);
    // Two renders asked for, none more: subscribing again would have looped.
    expect(renders - before).toBe(2);
    expect(vi.getTimerCount()).toBe(1);
  });
});
