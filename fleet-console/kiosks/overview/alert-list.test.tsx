import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetAlert } from '../../fleet/alerts';
import { acknowledge, clear, NO_MARKS, pruneMarks } from '../../fleet/alert-marks';
import { AlertList } from './alert-list';

const alert = (kioskId: string, kind: FleetAlert['kind'], since: number | null = null) => ({
  key: `${kioskId}|${kind}|${since ?? 'before'}`,
  kioskId,
  kind,
  since,
  text: `${kind} on ${kioskId}`,
});

function Harness({ alerts }: { alerts: FleetAlert[] }) {
  const [marks, setMarks] = useState(NO_MARKS);
  return (
    <AlertList
      alerts={alerts}
      marks={pruneMarks(marks, alerts)}
      onAcknowledge={(key) => setMarks((current) => acknowledge(current, key))}
      onClear={(key) => setMarks((current) => clear(current, key))}
      onSelect={vi.fn()}
    />
  );
}

describe('the alert list', () => {
  afterEach(() => {
    cleanup();
  });

  it('keeps an acknowledged alert visible but quiet, and hides a cleared one', () => {
    render(<Harness alerts={[alert('k1', 'printer'), alert('k2', 'offline', 5)]} />);
    expect(screen.getByRole('status').textContent).toBe('2 new, 0 acknowledged.');
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge Printer out on k1' }));
    expect(screen.getByRole('status').textContent).toBe('1 new, 1 acknowledged.');
    const items = screen.getAllByRole('listitem');
    // The new one first; the acknowledged one after it, saying so, with no acknowledge button.
    expect(within(items[1] ?? document.body).queryByText('(acknowledged)')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Acknowledge Printer out on k1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Offline on k2' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('1 acknowledged.');
  });

  it('lets an alert whose condition ended and came back be loud again', () => {
    const { rerender } = render(<Harness alerts={[alert('k1', 'offline', 5)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge Offline on k1' }));
    rerender(<Harness alerts={[]} />);
    expect(screen.getByRole('status').textContent).toBe('No alerts.');
    rerender(<Harness alerts={[alert('k1', 'offline', 900)]} />);
    expect(screen.getByRole('status').textContent).toBe('1 new, 0 acknowledged.');
  });
});

describe('alert marks', () => {
  it('drops the marks of alerts that no longer exist, and keeps the same object when none go', () => {
    const marks = acknowledge(clear(NO_MARKS, 'a'), 'b');
    expect(pruneMarks(marks, [alert('x', 'printer')])).toEqual(NO_MARKS);
    const live = [
      { ...alert('x', 'printer'), key: 'a' },
      { ...alert('y', 'printer'), key: 'b' },
    ];
    expect(pruneMarks(marks, live)).toBe(marks);
  });
});
