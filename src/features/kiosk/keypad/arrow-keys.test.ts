import { describe, expect, it } from 'vitest';
import { arrowContextOf, arrowMove, arrowUseOf, type ArrowKey } from './arrow-keys';

const ALL: ArrowKey[] = ['ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft'];

function html(markup: string): HTMLElement {
  document.body.innerHTML = markup;
  return document.body.firstElementChild as HTMLElement;
}

describe('arrowMove: where an arrow takes the focus', () => {
  it('from a button, link or heading Down and Right go on, Up and Left go back', () => {
    expect(ALL.map((key) => arrowMove(key, { use: 'none' }))).toEqual([
      'next',
      'next',
      'previous',
      'previous',
    ]);
  });

  it('a select, slider or radio group keeps every arrow', () => {
    expect(ALL.map((key) => arrowMove(key, { use: 'all' }))).toEqual([null, null, null, null]);
  });

  it('a quantity keeps Up and Down for its value; Left and Right move on', () => {
    expect(ALL.map((key) => arrowMove(key, { use: 'vertical' }))).toEqual([
      null,
      'next',
      null,
      'previous',
    ]);
  });

  it('a text field keeps Left and Right while its caret can still move', () => {
    const mid = { use: 'caret', caretAtStart: false, caretAtEnd: false } as const;
    expect(ALL.map((key) => arrowMove(key, mid))).toEqual(['next', null, 'previous', null]);
    const atEnd = { ...mid, caretAtEnd: true };
    expect(arrowMove('ArrowRight', atEnd)).toBe('next');
    expect(arrowMove('ArrowLeft', atEnd)).toBeNull();
    const atStart = { ...mid, caretAtStart: true };
    expect(arrowMove('ArrowLeft', atStart)).toBe('previous');
    expect(arrowMove('ArrowRight', atStart)).toBeNull();
    // A selection or an unknown caret is the field's to move.
    expect(arrowMove('ArrowRight', { use: 'caret' })).toBeNull();
  });
});

describe('arrowUseOf: which arrows a control keeps, read from the DOM', () => {
  it.each([
    ['<button>Add</button>', 'none'],
    ['<a href="/cart">Cart</a>', 'none'],
    ['<h1 tabindex="-1">Products</h1>', 'none'],
    ['<input type="checkbox">', 'none'],
    ['<input type="search">', 'caret'],
    ['<input>', 'caret'],
    ['<input type="number">', 'vertical'],
    ['<input data-arrows="vertical">', 'vertical'],
    ['<div role="spinbutton" tabindex="0"></div>', 'vertical'],
    ['<input type="range">', 'all'],
    ['<input type="radio">', 'all'],
    ['<select><option>1</option></select>', 'all'],
    ['<textarea></textarea>', 'all'],
    ['<div role="slider" tabindex="0"></div>', 'all'],
    ['<div role="tab" tabindex="0"></div>', 'all'],
  ])('%s → %s', (markup, use) => {
    expect(arrowUseOf(html(markup))).toBe(use);
  });

  it('nothing focused is like a plain control', () => {
    expect(arrowUseOf(null)).toBe('none');
  });

  it('reads the caret of a text field', () => {
    const field = html('<input value="shirt">') as HTMLInputElement;
    field.setSelectionRange(5, 5);
    expect(arrowContextOf(field)).toEqual({ use: 'caret', caretAtStart: false, caretAtEnd: true });
    field.setSelectionRange(0, 0);
    expect(arrowContextOf(field)).toEqual({ use: 'caret', caretAtStart: true, caretAtEnd: false });
    field.setSelectionRange(1, 3);
    expect(arrowContextOf(field)).toEqual({ use: 'caret' });
  });
});
