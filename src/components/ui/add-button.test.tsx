import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddButton } from './add-button';
import { Announcer } from '../../../web-shared/ui/announcer';

describe('AddButton', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows 'Added' for 2 seconds, and a repeated click restarts the timer", async () => {
    const onAdd = vi.fn();
    render(<AddButton label="Add to Cart" onAdd={onAdd} announcement="Added Ring to the cart." />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('button', { name: 'Added' })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Added' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(screen.getByRole('button', { name: 'Added' })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
    expect(onAdd).toHaveBeenCalledTimes(2);
  });
});

describe('announcements', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says "Added" politely once, after a burst settles', async () => {
    render(
      <>
        <Announcer />
        <AddButton label="Add to Cart" onAdd={vi.fn()} announcement="Added Ring to the cart." />
      </>,
    );
    const live = screen.getByRole('status');
    expect(live).toHaveAttribute('aria-live', 'polite');
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Added' }));
    expect(live).toHaveTextContent('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(live).toHaveTextContent('Added Ring to the cart.');
  });
});

describe('AddButton for another product', () => {
  it('drops the tick when it now adds something else', () => {
    const { rerender } = render(
      <AddButton label="Add to Cart" onAdd={vi.fn()} announcement="Added." resetKey={1} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('button', { name: 'Added' })).toBeInTheDocument();
    rerender(<AddButton label="Add to Cart" onAdd={vi.fn()} announcement="Added." resetKey={1} />);
    expect(screen.getByRole('button', { name: 'Added' })).toBeInTheDocument();
    rerender(<AddButton label="Add to Cart" onAdd={vi.fn()} announcement="Added." resetKey={2} />);
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
  });
});
