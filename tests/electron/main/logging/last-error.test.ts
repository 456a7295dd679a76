import { describe, expect, it } from 'vitest';
import { createLastErrorLine, MAX_ERROR_LINE } from '../../../../electron/main/logging/last-error';

describe('the last error line', () => {
  it('is null until an error is logged, then the latest one', () => {
    const last = createLastErrorLine();
    expect(last.current()).toBeNull();
    last.record('Printing: no printer');
    last.record('Startup failed: boom');
    expect(last.current()).toBe('Startup failed: boom');
  });

  it('keeps only the first line, without control characters, bounded', () => {
    const last = createLastErrorLine();
    last.record('Startup failed: Error: boom\n    at main (index.js:1:1)');
    expect(last.current()).toBe('Startup failed: Error: boom');
    last.record('forged\u001b[31m colour\u0000');
    expect(last.current()).toBe('forged [31m colour');
    last.record('x'.repeat(2000));
    expect(last.current()).toHaveLength(MAX_ERROR_LINE);
  });

  it('ignores an empty message rather than forgetting the last error', () => {
    const last = createLastErrorLine();
    last.record('real trouble');
    last.record('\n');
    expect(last.current()).toBe('real trouble');
  });
});
