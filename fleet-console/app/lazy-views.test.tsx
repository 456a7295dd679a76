import { cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyView } from './lazy-views';

describe('a view loaded when opened', () => {
  afterEach(cleanup);

  it('shows that it is loading, then the view', async () => {
    const View = lazy(() => Promise.resolve({ default: () => <h1>Counter</h1> }));
    render(
      <LazyView>
        <View />
      </LazyView>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(await screen.findByRole('heading', { name: 'Counter' })).toBeTruthy();
  });

  it('says so, with a reload, when its code cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const View = lazy(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    render(
      <LazyView>
        <View />
      </LazyView>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload the console' })).toBeTruthy();
    vi.restoreAllMocks();
  });
});
