import { afterEach, describe, expect, it } from 'vitest';
import { takeFirstScreen } from './take-first-screen';

function rootHolding(html: string): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.hidden = false;
});

describe('takeFirstScreen', () => {
  it('takes over a written screen the early start left shown, keeping every node', () => {
    const root = rootHolding('<main><h1>About</h1></main>');
    const heading = root.querySelector('h1');
    expect(takeFirstScreen(document.documentElement, root)).toBe(true);
    expect(root.querySelector('h1')).toBe(heading);
  });

  it('clears a screen the early start hid the page for, and shows the page again for the app', () => {
    const root = rootHolding('<main><h1>Everything you love</h1></main>');
    document.documentElement.hidden = true;
    expect(takeFirstScreen(document.documentElement, root)).toBe(false);
    expect(root.childNodes).toHaveLength(0);
    expect(document.documentElement.hidden).toBe(false);
  });

  it('renders afresh into an empty root (the kiosk, the dev server)', () => {
    const root = rootHolding('');
    expect(takeFirstScreen(document.documentElement, root)).toBe(false);
    root.append(document.createTextNode(' '));
    expect(takeFirstScreen(document.documentElement, root)).toBe(false);
  });
});
