import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleResetDialog } from './idle-reset-dialog';

/** Second by second, so React commits each countdown step before the next timer. */
async function advance(ms: number): Promise<void> {
  for (let elapsed = 0; elapsed < ms; elapsed += 1000) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(1000, ms - elapsed));
    });
  }
}

describe('IdleResetDialog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks after the idle timeout and starts over when nobody answers', async () => {
    const onReset = vi.fn();
    render(<IdleResetDialog idleTimeoutSeconds={60} hasSession={() => true} onReset={onReset} />);
    await advance(59_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(1_000);
    expect(screen.getByRole('dialog', { name: 'Are you still shopping?' })).toBeInTheDocument();
    await advance(29_000);
    expect(onReset).not.toHaveBeenCalled();
    await advance(1_000);
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("keeps the cart when the shopper says they're still here", async () => {
    const onReset = vi.fn();
    render(<IdleResetDialog idleTimeoutSeconds={10} hasSession={() => true} onReset={onReset} />);
    await advance(10_000);
    fireEvent.click(screen.getByRole('button', { name: "I'm still here" }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A new idle period starts; the cart is still there well past the first countdown.
    await advance(35_000);
    expect(onReset).not.toHaveBeenCalled();
  });

  it('any touch or key postpones the question, and an empty session is left alone', async () => {
    const onReset = vi.fn();
    const { unmount } = render(
      <IdleResetDialog idleTimeoutSeconds={10} hasSession={() => true} onReset={onReset} />,
    );
    await advance(9_000);
    fireEvent.pointerDown(window);
    await advance(9_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    render(<IdleResetDialog idleTimeoutSeconds={10} hasSession={() => false} onReset={onReset} />);
    await advance(60_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onReset).not.toHaveBeenCalled();
  });
});
