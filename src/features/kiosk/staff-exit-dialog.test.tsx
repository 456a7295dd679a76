import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { KioskBridge, KioskStaffBridge, StaffExitResult } from '@shared/bridge';
import { PAIRING_CODE_SHOWN_MS, StaffExitDialog } from './staff-exit-dialog';

function fakeBridge(answers: StaffExitResult[], closes = true) {
  let open: () => void = () => undefined;
  const submitStaffExitPin = vi.fn((_pin: string): Promise<StaffExitResult> =>
    Promise.resolve(answers.shift() ?? { status: 'wrong' }),
  );
  const confirmStaffExit = vi.fn(() => Promise.resolve(closes));
  const bridge: Pick<KioskBridge, 'onStaffExitRequested' | 'submitStaffExitPin'> &
    KioskStaffBridge = {
    onStaffExitRequested: (listener) => {
      open = listener;
      return () => undefined;
    },
    submitStaffExitPin,
    confirmStaffExit,
  };
  return { bridge, submitStaffExitPin, confirmStaffExit, requestExit: () => act(() => open()) };
}

async function enter(pin: string): Promise<void> {
  fireEvent.change(screen.getByLabelText('Enter the staff PIN to close the kiosk'), {
    target: { value: pin },
  });
  // eslint-disable-next-line @typescript-eslint/require-await -- act flushes the bridge's promise
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Close kiosk' }));
  });
}

describe('StaffExitDialog', () => {
  it('sends the PIN to the main process and says when it is wrong', async () => {
    const { bridge, submitStaffExitPin, requestExit } = fakeBridge([{ status: 'wrong' }]);
    render(<StaffExitDialog bridge={bridge} onExit={vi.fn()} />);
    requestExit();
    await enter('1357');
    expect(submitStaffExitPin).toHaveBeenCalledWith('1357');
    expect(screen.getByRole('alert')).toHaveTextContent('That PIN is not right.');
    expect(screen.getByLabelText('Enter the staff PIN to close the kiosk')).toHaveValue('');
  });

  it.each([
    [30, 'Too many wrong PINs. Try again in 30 seconds.'],
    [1, 'Too many wrong PINs. Try again in 1 second.'],
    [60, 'Too many wrong PINs. Try again in 1 minute.'],
    [61, 'Too many wrong PINs. Try again in 2 minutes.'],
    [600, 'Too many wrong PINs. Try again in 10 minutes.'],
    [5400, 'Too many wrong PINs. Try again in 90 minutes.'],
    [5401, 'Too many wrong PINs. Try again in 2 hours.'],
    [86_399, 'Too many wrong PINs. Try again in 24 hours.'],
  ])(
    'during a lock-out of %i s says how long to wait, not that the PIN is wrong',
    async (seconds, text) => {
      const { bridge, requestExit } = fakeBridge([
        { status: 'locked', retryAfterSeconds: seconds },
      ]);
      render(<StaffExitDialog bridge={bridge} onExit={vi.fn()} />);
      requestExit();
      await enter('2468');
      expect(screen.getByRole('alert')).toHaveTextContent(text);
      expect(screen.getByRole('alert')).not.toHaveTextContent('That PIN is not right.');
    },
  );

  it('shows nothing alarming when the PIN is accepted, and clears the message on cancel', async () => {
    const { bridge, requestExit } = fakeBridge([{ status: 'wrong' }, { status: 'accepted' }]);
    render(<StaffExitDialog bridge={bridge} onExit={vi.fn()} />);
    requestExit();
    await enter('1357');
    expect(screen.getByRole('alert')).toHaveTextContent('That PIN is not right.');
    await enter('2468');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await enter('1357');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('alert', { hidden: true })).toBeEmptyDOMElement();
  });

  it('shows a waiting kiosk’s pairing code after the right PIN, and closes when staff confirm', async () => {
    const { bridge, requestExit, confirmStaffExit } = fakeBridge([
      { status: 'accepted', pairingCode: '1234 5678 9012 3456' },
    ]);
    const onExit = vi.fn();
    render(<StaffExitDialog bridge={bridge} onExit={onExit} />);
    requestExit();
    await enter('2468');
    expect(onExit).toHaveBeenCalledOnce();
    const dialog = screen.getByRole('dialog', { name: 'Pairing code' });
    expect(dialog).toHaveTextContent('1234 5678 9012 3456');
    expect(dialog).toHaveTextContent('1 2 3 4, 5 6 7 8, 9 0 1 2, 3 4 5 6');
    // eslint-disable-next-line @typescript-eslint/require-await -- act flushes the bridge's promise
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close kiosk' }));
    });
    expect(confirmStaffExit).toHaveBeenCalledOnce();
  });

  it('goes back to the shop, or back to the PIN when main will not close, and hides the code on its own', async () => {
    vi.useFakeTimers();
    try {
      const { bridge, requestExit } = fakeBridge(
        [
          { status: 'accepted', pairingCode: '1234 5678 9012 3456' },
          { status: 'accepted', pairingCode: '1234 5678 9012 3456' },
          { status: 'accepted', pairingCode: '1234 5678 9012 3456' },
        ],
        false,
      );
      render(<StaffExitDialog bridge={bridge} onExit={vi.fn()} />);
      requestExit();
      await enter('2468');
      fireEvent.click(screen.getByRole('button', { name: 'Back to the shop' }));
      expect(screen.queryByRole('dialog')).toBeNull();

      requestExit();
      await enter('2468');
      // eslint-disable-next-line @typescript-eslint/require-await -- act flushes the bridge's promise
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Close kiosk' }));
      });
      expect(screen.getByRole('alert')).toHaveTextContent('Enter the PIN again');

      await enter('2468');
      expect(screen.getByRole('dialog', { name: 'Pairing code' })).toBeVisible();
      act(() => {
        vi.advanceTimersByTime(PAIRING_CODE_SHOWN_MS);
      });
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('wipes the shopper’s session once the PIN is accepted, and never on a refusal', async () => {
    const { bridge, requestExit } = fakeBridge([
      { status: 'wrong' },
      { status: 'locked', retryAfterSeconds: 30 },
      { status: 'accepted' },
    ]);
    const onExit = vi.fn();
    render(<StaffExitDialog bridge={bridge} onExit={onExit} />);
    requestExit();
    await enter('1357');
    await enter('1357');
    expect(onExit).not.toHaveBeenCalled();
    await enter('2468');
    expect(onExit).toHaveBeenCalledOnce();
  });
});
