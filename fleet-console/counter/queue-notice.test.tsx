import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QueueNotice } from './queue-notice';

afterEach(cleanup);

describe('the notice of handovers not on the broker yet', () => {
  it('says nothing when nothing waits', () => {
    const { container } = render(<QueueNotice queued={0} kept={false} />);
    expect(container.textContent).toBe('');
  });

  it('says they are sent when the link returns, while this browser keeps them', () => {
    render(<QueueNotice queued={2} kept={true} />);
    expect(screen.getByRole('status').textContent).toBe(
      '2 handovers made here are not on the broker yet: they are sent as soon as the link returns.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('alerts staff plainly when this browser cannot keep them', () => {
    render(<QueueNotice queued={1} kept={false} />);
    const alert = screen.getByRole('alert').textContent;
    expect(alert).toContain('This browser cannot keep the 1 handover made here');
    expect(alert).toContain('Do not close or reload this page');
  });
});
