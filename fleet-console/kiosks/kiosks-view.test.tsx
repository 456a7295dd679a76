import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyMessages } from '../fleet/fleet-state';
import { kiosksDrawGate, useFleetStore } from '../fleet/fleet-store';
import { online, PREFIX } from '../test/messages';
import { KiosksView } from './kiosks-view';

/** What the broker session does on a commit: the gate first, then the store. */
function commit(ids: string[]) {
  const fleet = applyMessages(
    useFleetStore.getState().fleet,
    ids.map((id) => online(id)),
    PREFIX,
  );
  kiosksDrawGate.committed(fleet.kiosks, performance.now());
  const heldUntilDrawn = kiosksDrawGate.busy(performance.now());
  act(() => useFleetStore.getState().setFleet(fleet));
  return heldUntilDrawn;
}

describe('the kiosks view and the draw gate', () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView = () => undefined;
  });
  afterEach(() => {
    cleanup();
    useFleetStore.getState().reset();
  });

  it('holds the next commit until the view drew the last one, then lets it through', async () => {
    render(<KiosksView onOpenConnection={() => undefined} />);
    expect(commit(['k1', 'k2'])).toBe(true);
    await waitFor(() => expect(screen.getByText('Showing 2 of 2 kiosks')).toBeTruthy());
    expect(kiosksDrawGate.busy(performance.now())).toBe(false);
    expect(commit(['k3'])).toBe(true);
    await waitFor(() => expect(screen.getByText('Showing 3 of 3 kiosks')).toBeTruthy());
    expect(kiosksDrawGate.busy(performance.now())).toBe(false);
  });

  it('holds nothing once the view is gone', () => {
    const { unmount } = render(<KiosksView onOpenConnection={() => undefined} />);
    unmount();
    expect(commit(['k1'])).toBe(false);
  });
});
