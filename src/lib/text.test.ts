// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { truncateWords } from './text';

describe('truncateWords', () => {
  it('cuts a title to 6 words followed by ...', () => {
    expect(truncateWords('Fjallraven Foldsack No. 1 Backpack, Fits 15 Laptops', 6)).toBe(
      'Fjallraven Foldsack No. 1 Backpack, Fits...',
    );
  });

  it('cuts a description to 12 words and a suggestion description to 8', () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve thirteen';
    expect(truncateWords(text, 12)).toBe(
      'one two three four five six seven eight nine ten eleven twelve...',
    );
    expect(truncateWords(text, 8)).toBe('one two three four five six seven eight...');
  });

  it('collapses odd whitespace and still appends the ellipsis to short text', () => {
    expect(truncateWords('  Gold \n ring  ', 6)).toBe('Gold ring...');
  });
});
