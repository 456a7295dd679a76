import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { claimKey } from './claimed-keys';
import { KeypadNavigation } from './keypad-navigation';

/** The path the router shows, written where the test can read it. */
function Where() {
  const { pathname } = useLocation();
  return <output aria-label="path">{pathname}</output>;
}
const shownPath = () => screen.getByLabelText('path').textContent;

function Product() {
  return (
    <>
      <header>
        <a href="/">Home</a>
      </header>
      <main tabIndex={-1}>
        <h1 tabIndex={-1}>Merino Sweater</h1>
        <input aria-label="Search" defaultValue="shirt" />
        <input
          aria-label="Quantity"
          data-arrows="vertical"
          defaultValue="1"
          onKeyDown={(event) => {
            if (event.key === 'ArrowUp' || event.key === 'ArrowDown') event.preventDefault();
          }}
        />
        <button type="button">Add to cart</button>
        <button type="button" disabled>
          Buy it later
        </button>
        <a href="#reviews">Reviews</a>
      </main>
    </>
  );
}

function renderAt(entries: string[]) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Where />
      <Routes>
        <Route path="/products" element={<h1>Products</h1>} />
        <Route path="/product/:id" element={<Product />} />
        <Route path="/cart" element={<h1>Cart</h1>} />
      </Routes>
      <KeypadNavigation />
    </MemoryRouter>,
  );
}

/** Presses a key on whatever has the focus; true when nothing cancelled it. */
const press = (key: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init });
const focused = () =>
  document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent;

describe('keypad navigation: arrows through the controls in reading order', () => {
  it('Down and Right go on, Up and Left go back, from the heading a page change focused', () => {
    renderAt(['/product/1']);
    screen.getByRole('heading', { name: 'Merino Sweater' }).focus();
    expect(press('ArrowDown')).toBe(false);
    expect(focused()).toBe('Search');
    // With the caret at the end of the text, Right moves on.
    const search = screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' });
    search.setSelectionRange(5, 5);
    press('ArrowRight');
    expect(focused()).toBe('Quantity');
    press('ArrowRight');
    expect(focused()).toBe('Add to cart');
    // The disabled button is no stop.
    press('ArrowDown');
    expect(focused()).toBe('Reviews');
    press('ArrowUp');
    press('ArrowLeft');
    expect(focused()).toBe('Quantity');
  });

  it('wraps from the last control to the first', () => {
    renderAt(['/product/1']);
    screen.getByRole('link', { name: 'Reviews' }).focus();
    press('ArrowDown');
    expect(focused()).toBe('Home');
    press('ArrowUp');
    expect(focused()).toBe('Reviews');
  });

  it('leaves a caret that can still move, and a quantity’s Up and Down, to the field', () => {
    renderAt(['/product/1']);
    const search = screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' });
    search.focus();
    search.setSelectionRange(2, 2);
    expect(press('ArrowLeft')).toBe(true);
    expect(press('ArrowRight')).toBe(true);
    expect(focused()).toBe('Search');
    // Shift+arrow selects text.
    search.setSelectionRange(5, 5);
    expect(press('ArrowRight', { shiftKey: true })).toBe(true);
    expect(focused()).toBe('Search');

    screen.getByRole('textbox', { name: 'Quantity' }).focus();
    press('ArrowUp');
    press('ArrowDown');
    expect(focused()).toBe('Quantity');
  });

  it('a focus lost to the page starts again at the page’s heading', () => {
    renderAt(['/product/1']);
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    press('ArrowDown');
    expect(focused()).toBe('Merino Sweater');
  });

  it('a focus lost under an open dialog starts again at its first control', () => {
    renderAt(['/product/1']);
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    dialog.innerHTML = '<p>Are you still there?</p><button>Yes</button>';
    document.body.append(dialog);
    (document.activeElement as HTMLElement | null)?.blur();
    press('ArrowDown');
    expect(focused()).toBe('Yes');
    dialog.remove();
  });

  it('inside an open dialog the arrows stay in it', () => {
    renderAt(['/product/1']);
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    dialog.innerHTML = '<button>Yes</button><button>No</button>';
    document.body.append(dialog);
    dialog.querySelector('button')!.focus();
    press('ArrowDown');
    expect(focused()).toBe('No');
    press('ArrowDown');
    expect(focused()).toBe('Yes');
    dialog.remove();
  });

  it('Space follows a link as Enter does', () => {
    renderAt(['/product/1']);
    const link = screen.getByRole('link', { name: 'Reviews' });
    let followed = 0;
    link.addEventListener('click', (event) => {
      event.preventDefault();
      followed += 1;
    });
    link.focus();
    expect(press(' ')).toBe(false);
    expect(followed).toBe(1);
  });
});

describe('keypad navigation: Escape goes back', () => {
  it('from a product to the screen before it', () => {
    renderAt(['/products', '/product/1']);
    act(() => {
      press('Escape');
    });
    expect(shownPath()).toBe('/products');
  });

  it('from the cart with no history, to the catalogue', () => {
    renderAt(['/cart']);
    act(() => {
      press('Escape');
    });
    expect(shownPath()).toBe('/products');
  });

  it('not where a journey starts (the catalogue)', () => {
    renderAt(['/cart', '/products']);
    act(() => {
      press('Escape');
    });
    expect(shownPath()).toBe('/products');
  });

  it('not while a dialog is open, nor when a control took the key', () => {
    renderAt(['/products', '/product/1']);
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    act(() => {
      press('Escape');
    });
    expect(shownPath()).toBe('/product/1');
    dialog.remove();

    const field = screen.getByRole('textbox', { name: 'Search' });
    field.addEventListener('keydown', claimKey);
    field.focus();
    act(() => {
      press('Escape');
    });
    expect(shownPath()).toBe('/product/1');
  });
});
