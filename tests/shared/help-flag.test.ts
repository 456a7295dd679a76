import { describe, expect, it } from 'vitest';
import { helpAsked } from '../../shared/help-flag';

describe('--help', () => {
  it('is asked with --help or -h, anywhere on the line', () => {
    expect(helpAsked(['--broker', 'x', '--help'])).toBe(true);
    expect(helpAsked(['-h'])).toBe(true);
    expect(helpAsked(['--helpful'])).toBe(false);
    expect(helpAsked([])).toBe(false);
  });
});
