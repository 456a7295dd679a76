import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxNotice } from './outbox-notice';

afterEach(cleanup);

describe('the notice of handovers not at the shop service yet', () => {
  it('says nothing when nothing waits', () => {
    const { container } = render(<OutboxNotice waiting={0} kept={false} problem={null} />);
    expect(container.textContent).toBe('');
  });

  it('says they are sent when the service can be reached, and why they were not yet', () => {
    render(<OutboxNotice waiting={2} kept={true} problem={null} />);
    expect(screen.getByRole('status').textContent).toBe(
      '2 handovers made here are not at the shop service yet: they are sent as soon as it can be reached.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    render(<OutboxNotice waiting={1} kept={true} problem="the shop service cannot be reached" />);
    expect(screen.getByRole('status').textContent).toContain(
      'it is sent as soon as it can be reached (the shop service cannot be reached).',
    );
  });

  it('alerts staff plainly when this browser cannot keep them', () => {
    render(<OutboxNotice waiting={1} kept={false} problem={null} />);
    const alert = screen.getByRole('alert').textContent;
    expect(alert).toContain('This browser cannot keep the 1 handover made here');
    expect(alert).toContain('Do not close or reload this page');
  });
});
