import { afterEach, describe, expect, it } from 'vitest';
import { pauseErrorStacks, withoutErrorStacks } from './error-stacks';

const errors = Error as unknown as { stackTraceLimit?: unknown };
const original = errors.stackTraceLimit;

afterEach(() => {
  errors.stackTraceLimit = original;
});

describe('pauseErrorStacks', () => {
  it('makes errors without a stack until resumed, then with one again', () => {
    const resume = pauseErrorStacks();
    const quiet = new Error('made while paused');
    expect(Object.prototype.hasOwnProperty.call(errors, 'stackTraceLimit')).toBe(false);
    expect(quiet.stack).toBeUndefined();
    expect(quiet.message).toBe('made while paused');
    resume();
    expect(errors.stackTraceLimit).toBe(original);
    expect(new Error('after').stack).toContain('after');
  });

  it('keeps a limit that was set while paused', () => {
    const resume = pauseErrorStacks();
    errors.stackTraceLimit = 3;
    resume();
    expect(errors.stackTraceLimit).toBe(3);
  });

  it('leaves an already unset limit unset', () => {
    delete errors.stackTraceLimit;
    pauseErrorStacks()();
    expect(Object.prototype.hasOwnProperty.call(errors, 'stackTraceLimit')).toBe(false);
  });
});

describe('withoutErrorStacks', () => {
  it('pauses stacks while the load runs and resumes them when it fails', async () => {
    let stackInside: string | undefined = 'unset';
    await expect(
      withoutErrorStacks(() => {
        stackInside = new Error('inside').stack;
        return Promise.reject(new Error('the host went away'));
      }),
    ).rejects.toThrow('the host went away');
    expect(stackInside).toBeUndefined();
    expect(errors.stackTraceLimit).toBe(original);
  });
});
