import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SentCommand } from '../fleet/fleet-state';
import { SentCommandItem } from './ack-list';
import { ACK_TIMEOUT_MS } from './command-delivery';

const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);

function pingToAll(acked: string[]): SentCommand {
  return {
    id: 'c-1',
    command: 'ping',
    target: 'all',
    sentAt: T0,
    expected: 2,
    acks: new Map(
      acked.map((kioskId) => [
        kioskId,
        { id: 'c-1', command: 'ping', ok: true, error: null, at: T0 + 100 },
      ]),
    ),
    problem: null,
  };
}

describe('a sent command in the list', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0 + 1_000);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('says "not delivered" once its time is up, with nothing else changing', () => {
    render(
      <ul>
        <SentCommandItem command={pingToAll(['k1'])} />
      </ul>,
    );
    expect(screen.getByText('ping: 1 of 2 acknowledged, 0 errors')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(ACK_TIMEOUT_MS);
    });
    expect(
      screen.getByText('ping was not delivered to 1 of 2 kiosks: no acknowledgement within 30 s'),
    ).toBeTruthy();
  });

  it('stays acknowledged when every kiosk answered in time', () => {
    render(
      <ul>
        <SentCommandItem command={pingToAll(['k1', 'k2'])} />
      </ul>,
    );
    act(() => {
      vi.advanceTimersByTime(ACK_TIMEOUT_MS);
    });
    expect(screen.getByText('ping: 2 of 2 acknowledged, 0 errors')).toBeTruthy();
  });
});
