import { afterEach, describe, expect, it } from 'vitest';
import { focusScope, neighbour, readingOrder } from './reading-order';

function page(markup: string): void {
  document.body.innerHTML = markup;
}

const names = (elements: (HTMLElement | null)[]) =>
  elements.map((element) => element?.getAttribute('aria-label') ?? element?.textContent ?? null);
const byText = (text: string) =>
  [...document.querySelectorAll<HTMLElement>('*')].find((element) => element.textContent === text)!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('readingOrder: the controls Tab visits, in document order', () => {
  it('holds links, buttons and fields, not what Tab skips', () => {
    page(`
      <a href="/">Home</a>
      <a>No href</a>
      <h1 tabindex="-1">Products</h1>
      <input aria-label="Search">
      <button>Search</button>
      <button disabled>Disabled</button>
      <input type="hidden" aria-label="Hidden field">
      <a href="/product/1" tabindex="-1" aria-hidden="true">Image link</a>
      <div aria-hidden="true"><button>Behind</button></div>
      <div inert><button>Inert</button></div>
      <button style="display: none">Not shown</button>
      <div tabindex="0">Card</div>
      <button>Add to Cart</button>
    `);
    expect(names(readingOrder(document))).toEqual([
      'Home',
      'Search',
      'Search',
      'Card',
      'Add to Cart',
    ]);
  });

  it('keeps one stop per radio group: its checked radio', () => {
    page(`
      <input type="radio" name="size" aria-label="S">
      <input type="radio" name="size" aria-label="M" checked>
      <input type="radio" name="size" aria-label="L">
      <button>Go</button>
    `);
    expect(names(readingOrder(document))).toEqual(['M', 'Go']);
  });

  it('inside an open dialog only the dialog counts', () => {
    page(`
      <button>Page</button>
      <dialog open aria-label="Are you still there?"><button>I'm still here</button></dialog>
    `);
    expect(names(readingOrder(focusScope()))).toEqual(["I'm still here"]);
  });
});

describe('neighbour: the next or previous control', () => {
  it('steps through the order and wraps at its ends', () => {
    page('<button>A</button><button>B</button><button>C</button>');
    const order = readingOrder(document);
    expect(names([neighbour(order, byText('A'), 'next')])).toEqual(['B']);
    expect(names([neighbour(order, byText('C'), 'next')])).toEqual(['A']);
    expect(names([neighbour(order, byText('A'), 'previous')])).toEqual(['C']);
  });

  it('from a heading that is no Tab stop, goes to the controls around it', () => {
    page(`
      <header><a href="/">Home</a></header>
      <main><h1 tabindex="-1">Cart</h1><div><button>Remove</button></div></main>
    `);
    const order = readingOrder(document);
    expect(names([neighbour(order, byText('Cart'), 'next')])).toEqual(['Remove']);
    expect(names([neighbour(order, byText('Cart'), 'previous')])).toEqual(['Home']);
  });

  it('from a container, next is the first control inside it, previous the one before it', () => {
    page('<button>Before</button><main tabindex="-1"><button>Inside</button></main>');
    const order = readingOrder(document);
    const main = document.querySelector('main')!;
    expect(names([neighbour(order, main, 'next')])).toEqual(['Inside']);
    expect(names([neighbour(order, main, 'previous')])).toEqual(['Before']);
  });

  it('has nowhere to go when nothing can be reached', () => {
    page('<p>Nothing</p>');
    expect(neighbour(readingOrder(document), byText('Nothing'), 'next')).toBeNull();
  });
});
