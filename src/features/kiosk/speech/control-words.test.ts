import { describe, expect, it } from 'vitest';
import { cardWords, controlWords, dialogWords, keyName, typedWords } from './control-words';

describe('the words for a focused control', () => {
  it.each([
    [{ role: 'button', name: 'Add to Cart' }, 'Add to Cart, button'],
    [{ role: 'button', name: 'Next', disabled: true }, 'Next, button, unavailable'],
    [{ role: 'toggle', name: 'Speech', pressed: true }, 'Speech, toggle button, on'],
    [
      { role: 'toggle', name: 'Accessibility mode', pressed: false },
      'Accessibility mode, toggle button, off',
    ],
    [{ role: 'link', name: 'Proceed to Checkout' }, 'Proceed to Checkout, link'],
    [
      { role: 'quantity', name: 'Quantity', value: '2' },
      'Quantity 2, edit, use up and down to change',
    ],
    [
      { role: 'quantity', name: 'Quantity', value: '3', description: 'Silver Ring' },
      'Quantity 3, edit, use up and down to change. For Silver Ring',
    ],
    [
      { role: 'quantity', name: 'Quantity', value: '' },
      'Quantity blank, edit, use up and down to change',
    ],
    [
      { role: 'search', name: 'Search products', value: '', onScreenKeyboard: true },
      'Search products, search edit, blank, type, or press Right at the end of the text for the on-screen keys',
    ],
    [
      { role: 'edit', name: 'Do you have a voucher or gift card?', value: 'ESHOP' },
      'Do you have a voucher or gift card?, edit, ESHOP',
    ],
    [{ role: 'heading', name: 'Your order', level: 2 }, 'Your order, heading level 2'],
    [
      { role: 'radio', name: 'Jewelery', checked: true, position: { index: 4, count: 5 } },
      'Jewelery, radio button, checked, 4 of 5',
    ],
    [{ role: 'checkbox', name: 'Gift wrap', checked: false }, 'Gift wrap, checkbox, not checked'],
    [{ role: 'key', name: 'E' }, 'capital E'],
    [{ role: 'key', name: 'e' }, 'e'],
    [{ role: 'key', name: 'Shift', pressed: true }, 'Shift, on'],
    [{ role: 'key', name: '7' }, '7'],
    [{ role: 'other', name: 'Receipt' }, 'Receipt'],
  ] as const)('%j is said as %j', (facts, words) => {
    expect(controlWords(facts)).toBe(words);
  });
});

describe('the words around controls', () => {
  it('puts a card’s title and price before its button', () => {
    expect(
      `${cardWords('Classic Merino Wool Crew Neck Sweater for Men', '$89.95')} ${controlWords({ role: 'button', name: 'Add to Cart' })}`,
    ).toBe('Classic Merino Wool Crew Neck Sweater for Men, $89.95. Add to Cart, button');
    expect(cardWords('Ring', null)).toBe('Ring.');
  });

  it('says a dialog’s title and text when the focus enters it', () => {
    expect(dialogWords('Are you still there?', 'This session ends in 45 seconds.')).toBe(
      'Are you still there? This session ends in 45 seconds.',
    );
    expect(dialogWords('Staff exit', '')).toBe('Staff exit.');
  });

  it.each([
    ['a', 'A', 'capital A'],
    ['', '4', '4'],
    ['ESHOP', 'ESHOP1', '1'],
    ['ESHOP1', 'ESHOP', 'deleted 1'],
    ['ring', 'rin', 'deleted g'],
    ['ab', '', 'deleted ab'],
    ['2', '7', '7'],
    ['x', 'x', null],
    ['x', '', 'deleted x'],
    ['ab', 'ba', 'ba'],
  ])('typing from %j to %j echoes %j', (before, after, words) => {
    expect(typedWords(before, after)).toBe(words);
  });

  it('names keys so a letter’s case is heard', () => {
    expect(keyName('Q')).toBe('capital Q');
    expect(keyName('q')).toBe('q');
    expect(keyName('Backspace')).toBe('Backspace');
    expect(keyName(' ')).toBe('space');
  });
});
