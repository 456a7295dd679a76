// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createBrokerRotation } from './broker-rotation';

describe('the console’s broker rotation', () => {
  it('starts at the broker the random source draws, and leaves it for another at each loss', () => {
    const draws = [0.5, 0, 0.9, 0.1];
    let n = 0;
    const rotation = createBrokerRotation(
      ['ws://n1:1', 'ws://n2:2', 'ws://n3:3'],
      () => draws[n++]!,
    );
    expect(rotation.current()).toBe('ws://n2:2');
    expect(rotation.leave()).toBe('ws://n1:1');
    expect(rotation.leave()).toBe('ws://n3:3');
    expect(rotation.leave()).toBe('ws://n1:1');
    expect(rotation.current()).toBe('ws://n1:1');
  });

  it('keeps a single broker', () => {
    const rotation = createBrokerRotation(['ws://only:1'], () => 0.7);
    expect(rotation.current()).toBe('ws://only:1');
    expect(rotation.leave()).toBe('ws://only:1');
  });
});
