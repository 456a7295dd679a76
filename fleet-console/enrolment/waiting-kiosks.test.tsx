/**
 * Enrolment signs exactly what the operator saw: the certificate is asked for the request's
 * key and the store and region on screen when the operator pressed Approve; a request that
 * changes (a new key, so a new pairing code) or groups that change while the question is
 * open close it and say why, and nothing is signed until the operator confirms again.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isValidGroupId } from '@shared/fleet/groups';
import type { EnrolmentRequest } from '@shared/fleet/trust/kiosk-certificate';
import { DEFAULT_STORE, WaitingKiosks } from './waiting-kiosks';

afterEach(cleanup);

const KEY_SEEN = 'A'.repeat(43);
const KEY_SWAPPED = 'B'.repeat(43);
const CODES = new Map([
  [KEY_SEEN, '4821 7730 1956 0042'],
  [KEY_SWAPPED, '9999 0000 1111 2222'],
]);

const request = (publicKey: string, requestedAt = 1_795_665_301_021): EnrolmentRequest => ({
  kioskId: 'kiosk-a',
  publicKey,
  requestedAt,
  version: '0.1.0',
});

function waiting(
  current: EnrolmentRequest,
  onApprove: (
    request: EnrolmentRequest,
    groups: { store: string; region: string },
  ) => Promise<void>,
) {
  return (
    <WaitingKiosks
      waiting={[{ request: current, revokedKey: false }]}
      codes={CODES}
      keyReady
      connected
      onApprove={onApprove}
    />
  );
}

/** Names the store and region, then opens the question for kiosk-a. */
function approveInLyon() {
  fireEvent.change(screen.getByLabelText('Store on new certificates'), {
    target: { value: 'lyon-1' },
  });
  fireEvent.change(screen.getByLabelText('Region (optional)'), { target: { value: 'eu-west' } });
  fireEvent.click(screen.getByRole('button', { name: 'Approve kiosk-a' }));
}

describe('approving a waiting kiosk', () => {
  it('asks about the code and groups on screen, and signs exactly those', async () => {
    const onApprove = vi.fn(() => Promise.resolve());
    render(waiting(request(KEY_SEEN), onApprove));
    approveInLyon();
    expect(screen.getByText(/Does the screen of kiosk/).textContent).toBe(
      'Does the screen of kiosk kiosk-a show 4821 7730 1956 0042? Staff see it after the staff PIN. It is enrolled into store lyon-1, region eu-west.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes, enrol kiosk-a' }));
    await vi.waitFor(() => expect(onApprove).toHaveBeenCalledTimes(1));
    expect(onApprove).toHaveBeenCalledWith(request(KEY_SEEN), {
      store: 'lyon-1',
      region: 'eu-west',
    });
  });

  it('closes the question and says why when the kiosk’s request names another key meanwhile', () => {
    const onApprove = vi.fn(() => Promise.resolve());
    const { rerender } = render(waiting(request(KEY_SEEN), onApprove));
    approveInLyon();
    expect(screen.getByRole('button', { name: 'Yes, enrol kiosk-a' })).toBeTruthy();

    // The kiosk's login replaces its request while the operator listens to the code.
    rerender(waiting(request(KEY_SWAPPED, 1_795_665_302_000), onApprove));
    expect(screen.queryByRole('button', { name: 'Yes, enrol kiosk-a' })).toBeNull();
    expect(screen.getByText(/changed while you were confirming/).textContent).toBe(
      'The request of kiosk-a changed while you were confirming: it now names another key, so another pairing code. Nothing was signed: compare the new code before you approve.',
    );
    expect(onApprove).not.toHaveBeenCalled();

    // Asked again, the question is about the new code, and signs the new key.
    fireEvent.click(screen.getByRole('button', { name: 'Approve kiosk-a' }));
    expect(screen.getByText(/Does the screen of kiosk/).textContent).toContain(
      'show 9999 0000 1111 2222?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes, enrol kiosk-a' }));
    expect(onApprove).toHaveBeenCalledWith(request(KEY_SWAPPED, 1_795_665_302_000), {
      store: 'lyon-1',
      region: 'eu-west',
    });
  });

  it('keeps the question open when the same key is asked for again (a reconnect)', () => {
    const onApprove = vi.fn(() => Promise.resolve());
    const { rerender } = render(waiting(request(KEY_SEEN), onApprove));
    approveInLyon();
    rerender(waiting(request(KEY_SEEN, 1_795_665_309_999), onApprove));
    expect(screen.getByRole('button', { name: 'Yes, enrol kiosk-a' })).toBeTruthy();
  });

  it('closes the question when the store or region changes while it is open', () => {
    const onApprove = vi.fn(() => Promise.resolve());
    render(waiting(request(KEY_SEEN), onApprove));
    approveInLyon();
    fireEvent.change(screen.getByLabelText('Store on new certificates'), {
      target: { value: 'paris-9' },
    });
    expect(screen.queryByRole('button', { name: 'Yes, enrol kiosk-a' })).toBeNull();
    expect(screen.getByText(/store or region changed/).textContent).toContain('Nothing was signed');
    expect(onApprove).not.toHaveBeenCalled();
  });
});

const oneRequest = {
  kioskId: 'kiosk-0123456789ab',
  publicKey: 'T2v1'.padEnd(43, 'A'),
  requestedAt: 1_795_665_301_021,
  version: '1.0.0',
};

function renderForm() {
  const onApprove = vi.fn(() => Promise.resolve());
  render(
    <WaitingKiosks
      waiting={[{ request: oneRequest, revokedKey: false }]}
      codes={new Map([[oneRequest.publicKey, '123 456']])}
      keyReady
      connected
      onApprove={onApprove}
    />,
  );
  return { onApprove };
}

describe('the store and region new certificates name', () => {
  it('start with a store that keeps the form’s own rule, so approving needs no edit', () => {
    expect(isValidGroupId(DEFAULT_STORE)).toBe(true);
    renderForm();
    const store = screen.getByRole('textbox', { name: 'Store on new certificates' });
    expect((store as HTMLInputElement).value).toBe(DEFAULT_STORE);
    expect(store.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('button', { name: `Approve ${oneRequest.kioskId}` })).toHaveProperty(
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
    expect(screen.getByRole('button', { name: `Approve ${oneRequest.kioskId}` })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText('Name the store (and region) as above to approve.')).toBeTruthy();
  });
});
