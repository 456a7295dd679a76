import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SentCommand } from '../../fleet/fleet-state';
import { firstListed, SentCommandItem } from './ack-list';
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

describe('the acknowledgements listed', () => {
  const ack = (ok: boolean) => ({
    id: 'c-1',
    command: 'ping',
    ok,
    error: ok ? null : 'busy',
    at: T0,
  });

  it('are the first 50 of all of them sorted, errors first, then by kiosk id', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const size of [0, 1, 49, 50, 51, 400]) {
      const acks = new Map(
        Array.from({ length: size }, (_, n) => [
          `k-${Math.floor(random() * 1000)}-${n}`,
          ack(random() > 0.1),
        ]),
      );
      const sorted = [...acks].sort(
        ([a, x], [b, y]) => Number(x.ok) - Number(y.ok) || (a < b ? -1 : 1),
      );
      expect(firstListed(acks)).toEqual(sorted.slice(0, 50));
    }
  });

  it('are drawn when the operator opens them', () => {
    const command = {
      ...pingToAll(['k2', 'k1']),
      acks: new Map([
        ['k2', ack(true)],
        ['k1', ack(false)],
      ]),
    };
    render(
      <ul>
        <SentCommandItem command={command} />
      </ul>,
    );
    expect(screen.queryByText('k1')).toBeNull();
    const details = screen.getByText('Acknowledgements (2)').closest('details');
    if (!details) throw new Error('no details');
    act(() => {
      details.open = true;
      fireEvent(details, new Event('toggle'));
    });
    const rows = screen.getAllByRole('listitem').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^k1Error: busy/),
      expect.stringMatching(/^k2OK/),
    ]);
  });
});
