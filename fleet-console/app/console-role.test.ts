// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { consoleRole, shownView, viewsFor } from './console-role';

describe('whom the console serves', () => {
  it('is a counter when it logs in as one of the ACL’s counter users', () => {
    expect(consoleRole('counter-2')).toBe('counter');
    expect(consoleRole('operator')).toBe('operator');
    expect(consoleRole('')).toBe('operator');
    expect(consoleRole(undefined)).toBe('operator');
    expect(consoleRole('counter-')).toBe('operator');
    expect(consoleRole('my-counter-1')).toBe('operator');
  });

  it('offers a counter the counter alone, whatever the link asked for', () => {
    expect(viewsFor('counter')).toEqual(['counter']);
    expect(shownView('counter', 'kiosks')).toBe('counter');
    expect(shownView('counter', 'rollouts')).toBe('counter');
    expect(shownView('operator', 'rollouts')).toBe('rollouts');
    expect(viewsFor('operator')).toEqual(['kiosks', 'enrolment', 'counter', 'rollouts']);
  });
});
