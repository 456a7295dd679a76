import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { controlWords } from './control-words';
import { focusWords } from './focus-words';
import { accessibleName, readControl, readText } from './read-control';

const said = (element: HTMLElement) => controlWords(readControl(element));

describe('reading a control from the page', () => {
  it('names a control by aria-labelledby, aria-label, its label, its text, its title', () => {
    render(
      <>
        <span id="name">Order summary</span>
        <section aria-labelledby="name" data-testid="labelled" />
        <button type="button" aria-label="Close keyboard">
          x
        </button>
        <label>
          Voucher <input />
        </label>
        <a href="/cart">
          <svg aria-hidden="true" />
          Cart <span className="sr-only">, 2 items</span>
        </a>
        <a href="/x" title="Full title">
          <img alt="" />
        </a>
      </>,
    );
    expect(accessibleName(screen.getByTestId('labelled'))).toBe('Order summary');
    expect(said(screen.getByRole('button'))).toBe('Close keyboard, button');
    expect(said(screen.getByRole('textbox'))).toBe('Voucher, edit, blank');
    expect(said(screen.getByRole('link', { name: /Cart/ }))).toBe('Cart, 2 items, link');
    expect(said(screen.getByRole('link', { name: 'Full title' }))).toBe('Full title, link');
  });

  it('says a toggle’s state, a disabled button, a heading’s level and a radio’s place', () => {
    render(
      <>
        <button type="button" aria-pressed="true">
          Accessibility mode
        </button>
        <button type="button" disabled>
          Next
        </button>
        <h2>Your order</h2>
        <input type="radio" name="category" aria-label="All" />
        <input type="radio" name="category" aria-label="Jewelery" defaultChecked />
        <input type="checkbox" aria-label="Gift wrap" />
      </>,
    );
    expect(said(screen.getByRole('button', { name: 'Accessibility mode' }))).toBe(
      'Accessibility mode, toggle button, on',
    );
    expect(said(screen.getByRole('button', { name: 'Next' }))).toBe('Next, button, unavailable');
    expect(said(screen.getByRole('heading'))).toBe('Your order, heading level 2');
    expect(said(screen.getByRole('radio', { name: 'Jewelery' }))).toBe(
      'Jewelery, radio button, checked, 2 of 2',
    );
    expect(said(screen.getByRole('checkbox'))).toBe('Gift wrap, checkbox, not checked');
  });

  it('reads what a screen reader hears: screen-reader-only text yes, hidden text no', () => {
    render(
      <p data-testid="text">
        <span aria-hidden="true">★★★</span>
        <span className="sr-only">Was </span>
        <s>$107.00</s> <span role="img" aria-label="Rated 4.5 out of 5" />
        <span hidden>secret</span>
      </p>,
    );
    expect(readText(screen.getByTestId('text'))).toBe('Was $107.00 Rated 4.5 out of 5');
  });

  it('never reads a password back', () => {
    render(<input type="password" aria-label="Staff PIN" defaultValue="2468" />);
    expect(said(screen.getByLabelText('Staff PIN'))).toBe('Staff PIN, edit, blank');
  });
});

describe('the words for a focus change', () => {
  function Card({ id }: { id: number }) {
    return (
      <article>
        <h2>
          <a href={`/product/${id}`} title={`Classic Merino Wool Crew Neck Sweater for Men ${id}`}>
            Classic Merino Wool Crew Neck...
          </a>
        </h2>
        <p>
          <span data-price="">$89.95</span>
          <s>
            <span className="sr-only">Was </span>$107.00
          </s>
        </p>
        <button type="button">Add to Cart</button>
      </article>
    );
  }

  it('says a card’s whole title and price on entering it, not again inside it', () => {
    render(
      <>
        <Card id={1} />
        <Card id={2} />
      </>,
    );
    const [firstLink, secondLink] = screen.getAllByRole('link');
    const [firstButton] = screen.getAllByRole('button');
    expect(focusWords(firstLink!, null, '/products')).toBe(
      'Classic Merino Wool Crew Neck Sweater for Men 1, $89.95. link',
    );
    expect(focusWords(firstButton!, firstLink!, '/products')).toBe('Add to Cart, button');
    expect(focusWords(firstButton!, secondLink!, '/products')).toBe(
      'Classic Merino Wool Crew Neck Sweater for Men 1, $89.95. Add to Cart, button',
    );
    // Back to the title from its own button: the whole title, once.
    expect(focusWords(firstLink!, firstButton!, '/products')).toBe(
      'Classic Merino Wool Crew Neck Sweater for Men 1, link',
    );
  });

  it('says a dialog’s title and text on entering it', () => {
    render(
      <div role="dialog" aria-labelledby="t" aria-describedby="d">
        <h2 id="t">Staff exit</h2>
        <p id="d">Enter the staff PIN to close the kiosk.</p>
        <button type="button">Cancel</button>
        <button type="button">Quit</button>
      </div>,
    );
    const [cancel, quit] = screen.getAllByRole('button');
    expect(focusWords(cancel!, null, '/')).toBe(
      'Staff exit. Enter the staff PIN to close the kiosk. Cancel, button',
    );
    expect(focusWords(quit!, cancel!, '/')).toBe('Quit, button');
  });

  it('says the page’s summary on its heading', () => {
    render(
      <main>
        <h1>About Kiosk Shop</h1>
        <p>Order here, pick up at the counter.</p>
      </main>,
    );
    expect(focusWords(screen.getByRole('heading'), null, '/about')).toBe(
      'About Kiosk Shop. Order here, pick up at the counter.',
    );
  });
});
