import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isClaimed } from '../keypad/claimed-keys';
import { OnScreenKeyboard } from './on-screen-keyboard';

const keyboard = () => screen.queryByRole('group', { name: 'On-screen keyboard' });
const key = (name: string) => within(keyboard()!).getByRole('button', { name });
const focusedName = () => document.activeElement?.getAttribute('aria-label');

function Quantity() {
  const [value, setValue] = useState('2');
  return (
    <input
      aria-label="Quantity"
      data-osk="numeric"
      data-arrows="vertical"
      value={value}
      onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
    />
  );
}

function Shop({ onSearch }: { onSearch: (term: string) => void }) {
  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const field = event.currentTarget.elements.namedItem('q') as HTMLInputElement;
          onSearch(field.value);
        }}
      >
        <input name="q" aria-label="Search" data-osk="text" required />
        <button type="submit">Search</button>
      </form>
      <Quantity />
      <button type="button">Add to cart</button>
      <OnScreenKeyboard />
    </>
  );
}

async function setUp() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const onSearch = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
  render(<Shop onSearch={onSearch} />);
  const search = screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' });
  await user.click(search);
  await act(async () => {
    await vi.runOnlyPendingTimersAsync();
  });
  return { user, onSearch, search };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the on-screen keyboard from a keypad', () => {
  it('every key has a name to say', async () => {
    await setUp();
    const names = [...keyboard()!.querySelectorAll('button')].map((button) =>
      button.getAttribute('aria-label'),
    );
    expect(names).toEqual([
      ..."1234567890qwertyuiopasdfghjkl'zxcvbnm-.&".split(''),
      'Close keyboard',
      'Shift',
      'Space',
      'Backspace',
      'Enter',
    ]);
  });

  it('Right from the end of the text lands on the keys; arrows move across them and Enter types', async () => {
    const { user, search } = await setUp();
    // One Tab stop: the current key only.
    expect(keyboard()!.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    // Down is the page's, to move on past the field (keypad-navigation.tsx), not the keys'.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(search);
    await user.keyboard('{ArrowRight}');
    expect(focusedName()).toBe('1');
    await user.keyboard('{ArrowDown}{ArrowRight}{ArrowRight}{Enter}');
    expect(focusedName()).toBe('e');
    expect(search).toHaveValue('e');
    expect(keyboard()!.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(key('e')).toHaveAttribute('tabindex', '0');
    // Down twice to 'c', Left to 'x', and Space chooses too.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowLeft}[Space]');
    expect(search).toHaveValue('ex');
    // Up from the top row is back to the field, the keyboard still open.
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(search);
    expect(keyboard()).toBeInTheDocument();
  });

  it('Enter on the Enter key submits, closes the keys and gives the focus back to the field', async () => {
    const { user, onSearch, search } = await setUp();
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowRight}{Enter}');
    expect(search).toHaveValue('w');
    // Down from 'w' to the bottom row's first key, then Right along it to Enter.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(focusedName()).toBe('Close keyboard');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(focusedName()).toBe('Space');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(focusedName()).toBe('Enter');
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('w');
    expect(keyboard()).not.toBeInTheDocument();
    expect(document.activeElement).toBe(search);
  });

  it('Escape closes the keys to the field and keeps the key from going back a page', async () => {
    const { user, search } = await setUp();
    const claims: boolean[] = [];
    const listener = (event: KeyboardEvent) => claims.push(isClaimed(event));
    document.addEventListener('keydown', listener);
    await user.keyboard('{ArrowRight}{Escape}');
    document.removeEventListener('keydown', listener);
    expect(keyboard()).not.toBeInTheDocument();
    expect(document.activeElement).toBe(search);
    expect(claims.at(-1)).toBe(true);
  });

  it('Tab leaves the keys for the control after the field; the keyboard closes', async () => {
    const { user } = await setUp();
    await user.keyboard('{ArrowRight}{Tab}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search' }));
    expect(keyboard()).not.toBeInTheDocument();
  });

  it('below the bottom row is the control after the field', async () => {
    const { user } = await setUp();
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search' }));
    expect(keyboard()).not.toBeInTheDocument();
  });

  it('a quantity keeps Up and Down; Right goes to the numeric pad, whose Done closes it', async () => {
    const { user } = await setUp();
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.click(quantity);
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    expect(key('Done')).toBeInTheDocument();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(quantity);
    // A value set by Up or Down leaves the caret at its end; the pad selects it again.
    (quantity as HTMLInputElement).setSelectionRange(1, 1);
    await user.keyboard('{ArrowRight}');
    expect(focusedName()).toBe('1');
    // The value is selected: the key replaces it.
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(quantity).toHaveValue('3');
    // Down from '3' is '6', '9', then Done below it.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(focusedName()).toBe('Done');
    await user.keyboard('{Enter}');
    expect(keyboard()).not.toBeInTheDocument();
    expect(document.activeElement).toBe(quantity);
  });

  it('a touch on a field the keys closed opens them again', async () => {
    const { user, search } = await setUp();
    await user.keyboard('{ArrowRight}{Escape}');
    expect(keyboard()).not.toBeInTheDocument();
    await user.click(search);
    expect(keyboard()).toBeInTheDocument();
  });
});
