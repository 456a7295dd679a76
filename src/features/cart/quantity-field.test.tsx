import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { commitQuantityInput, digitsOnly } from './quantity-input';
import { QuantityControl } from '@/components/ui/quantity-control';

function Harness({ initial = 1, max = 999 }: { initial?: number; max?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <QuantityControl
        value={value}
        onChange={setValue}
        sanitize={digitsOnly}
        commit={commitQuantityInput}
        max={max}
      />
      <output aria-label="committed">{value}</output>
    </>
  );
}

describe('QuantityControl', () => {
  it('plus and minus change the quantity by 1; minus never goes below 1', async () => {
    const user = userEvent.setup();
    render(<Harness initial={2} />);
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByLabelText('committed')).toHaveTextContent('3');
    for (let i = 0; i < 5; i += 1)
      await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(screen.getByLabelText('committed')).toHaveTextContent('1');
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
  });

  it('keeps only digits while typing and commits on Enter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(field);
    await user.type(field, '1a2b');
    expect(field).toHaveValue('12');
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('committed')).toHaveTextContent('12');
  });

  it('Up and Down step the quantity as its buttons do, within 1 and the limit', async () => {
    const user = userEvent.setup();
    render(<Harness initial={2} max={4} />);
    const field = screen.getByRole('textbox', { name: 'Quantity' });
    await user.click(field);
    await user.keyboard('{ArrowUp}');
    expect(field).toHaveValue('3');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByLabelText('committed')).toHaveTextContent('4');
    for (let i = 0; i < 6; i += 1) await user.keyboard('{ArrowDown}');
    expect(field).toHaveValue('1');
    expect(screen.getByLabelText('committed')).toHaveTextContent('1');
    // The kiosk keypad leaves these arrows to the field (data-arrows).
    expect(field).toHaveAttribute('data-arrows', 'vertical');
  });

  it('an empty value or 0 becomes 1 on blur and on Enter', async () => {
    const user = userEvent.setup();
    render(<Harness initial={5} />);
    const field = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(field);
    await user.tab();
    expect(field).toHaveValue('1');
    await user.clear(field);
    await user.type(field, '0{Enter}');
    expect(field).toHaveValue('1');
    expect(screen.getByLabelText('committed')).toHaveTextContent('1');
  });
});

describe('QuantityControl live typing', () => {
  it('applies a typed number at once, so totals follow before blur', async () => {
    const user = userEvent.setup();
    render(<Harness initial={1} />);
    const field = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(field);
    expect(screen.getByLabelText('committed')).toHaveTextContent('1');
    await user.type(field, '4');
    expect(screen.getByLabelText('committed')).toHaveTextContent('4');
  });
});
