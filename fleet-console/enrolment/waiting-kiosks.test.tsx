import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isValidGroupId } from '@shared/fleet/groups';
import { DEFAULT_STORE, WaitingKiosks } from './waiting-kiosks';

const request = {
  kioskId: 'kiosk-0123456789ab',
  publicKey: 'T2v1'.padEnd(43, 'A'),
  requestedAt: 1_795_665_301_021,
  version: '1.0.0',
};

function renderForm() {
  const onApprove = vi.fn(() => Promise.resolve());
  render(
    <WaitingKiosks
      waiting={[{ request, revokedKey: false }]}
      codes={new Map([[request.publicKey, '123 456']])}
      keyReady
      connected
      onApprove={onApprove}
    />,
  );
  return { onApprove };
}

describe('the store and region new certificates name', () => {
  afterEach(cleanup);

  it('start with a store that keeps the form’s own rule, so approving needs no edit', () => {
    expect(isValidGroupId(DEFAULT_STORE)).toBe(true);
    renderForm();
    const store = screen.getByRole('textbox', { name: 'Store on new certificates' });
    expect((store as HTMLInputElement).value).toBe(DEFAULT_STORE);
    expect(store.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('button', { name: `Approve ${request.kioskId}` })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('refuse to sign a store that would not count as the kiosk’s group, and say why', () => {
    renderForm();
    const store = screen.getByRole('textbox', { name: 'Store on new certificates' });
    fireEvent.change(store, { target: { value: 'Main store' } });
    expect(store.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/The store is not such a name yet\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: `Approve ${request.kioskId}` })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText('Name the store (and region) as above to approve.')).toBeTruthy();
  });
});
