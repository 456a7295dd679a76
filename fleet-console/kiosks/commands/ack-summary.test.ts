// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { SentCommand } from '../../fleet/fleet-state';
import { describeAcks } from './ack-summary';
import { sparklinePoints } from '../list/memory-sparkline';

const ack = (ok: boolean) => ({
  id: 'c',
  command: 'ping',
  ok,
  error: ok ? null : 'unknown command',
  at: 1,
});
const command = (target: string, acks: [string, boolean][], expected = 3): SentCommand => ({
  id: 'c',
  command: 'ping',
  target,
  sentAt: 0,
  expected,
  acks: new Map(acks.map(([id, ok]) => [id, ack(ok)])),
  problem: null,
});

describe('what the live region says about acknowledgements', () => {
  it('counts answers against the kiosks that were online', () => {
    expect(
      describeAcks(
        command(
          'all',
          [
            ['a', true],
            ['b', false],
          ],
          1000,
        ),
      ),
    ).toBe('ping: 2 of 1,000 acknowledged, 1 error');
  });

  it('names the one kiosk a command went to', () => {
    expect(describeAcks(command('k1', []))).toBe('ping sent to k1, awaiting its acknowledgement');
    expect(describeAcks(command('k1', [['k1', true]]))).toBe('ping acknowledged by k1');
    expect(describeAcks(command('k1', [['k1', false]]))).toBe(
      'ping refused by k1: unknown command',
    );
  });

  it('says when a command never left', () => {
    expect(describeAcks({ ...command('all', []), problem: 'Not connected to the broker' })).toBe(
      'ping was not sent: Not connected to the broker',
    );
  });
});

it('draws a memory trend across the whole box, flat when nothing changes', () => {
  expect(sparklinePoints([10, 20, 30], 100, 20)).toBe('0.0,18.0 50.0,10.0 100.0,2.0');
  expect(sparklinePoints([5, 5], 100, 20)).toBe('0.0,10.0 100.0,10.0');
  expect(sparklinePoints([])).toBe('');
});
