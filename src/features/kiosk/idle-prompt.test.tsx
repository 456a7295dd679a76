import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { pressRealKey } from '@/test/speech-recorder';
import { IdlePrompt } from './idle-prompt';
import type { SpeechEngine } from './speech/speech-engine';
import { SpeechMode, useSpeech } from './speech/speech-mode';

/** Second by second, so React commits each countdown step before the next timer. */
async function advance(ms: number): Promise<void> {
  for (let elapsed = 0; elapsed < ms; elapsed += 1000) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(1000, ms - elapsed));
    });
  }
}

const prompt = () => screen.queryByRole('dialog', { name: 'Are you still there?' });

describe('the idle prompt', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks after the idle time, counts down visibly, then wipes the session', async () => {
    const onWipe = vi.fn();
    render(<IdlePrompt afterSeconds={90} countdownSeconds={15} paused={false} onWipe={onWipe} />);
    await advance(89_000);
    expect(prompt()).not.toBeInTheDocument();
    await advance(1_000);
    expect(prompt()).toBeInTheDocument();
    expect(screen.getByText('15')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "I'm still here" })).toBeInTheDocument();
    await advance(5_000);
    expect(screen.getByText('10')).toBeInTheDocument();
    await advance(9_000);
    expect(onWipe).not.toHaveBeenCalled();
    await advance(1_000);
    expect(onWipe).toHaveBeenCalledTimes(1);
    expect(prompt()).not.toBeInTheDocument();
  });

  it("keeps the session when the shopper says they're still here", async () => {
    const onWipe = vi.fn();
    render(<IdlePrompt afterSeconds={10} countdownSeconds={15} paused={false} onWipe={onWipe} />);
    await advance(10_000);
    fireEvent.click(screen.getByRole('button', { name: "I'm still here" }));
    expect(prompt()).not.toBeInTheDocument();
    // A new idle period starts; nothing is wiped well past the first countdown.
    await advance(20_000);
    expect(onWipe).not.toHaveBeenCalled();
  });

  it('Start over wipes at once', async () => {
    const onWipe = vi.fn();
    render(<IdlePrompt afterSeconds={10} countdownSeconds={15} paused={false} onWipe={onWipe} />);
    await advance(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(onWipe).toHaveBeenCalledTimes(1);
  });

  it('any touch or key postpones the question; paused (printing, attract screen) never asks', async () => {
    const onWipe = vi.fn();
    const { rerender } = render(
      <IdlePrompt afterSeconds={10} countdownSeconds={15} paused={false} onWipe={onWipe} />,
    );
    await advance(9_000);
    fireEvent.pointerDown(window);
    await advance(9_000);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(9_000);
    expect(prompt()).not.toBeInTheDocument();
    rerender(<IdlePrompt afterSeconds={10} countdownSeconds={15} paused onWipe={onWipe} />);
    await advance(60_000);
    expect(prompt()).not.toBeInTheDocument();
    rerender(<IdlePrompt afterSeconds={10} countdownSeconds={15} paused={false} onWipe={onWipe} />);
    await advance(10_000);
    expect(prompt()).toBeInTheDocument();
    expect(onWipe).not.toHaveBeenCalled();
  });

  it('announces the countdown politely at 10 and 5 seconds, not every second', async () => {
    render(<IdlePrompt afterSeconds={10} countdownSeconds={15} paused={false} onWipe={vi.fn()} />);
    await advance(10_000);
    const live = prompt()!.querySelector('[aria-live="polite"]')!;
    const heard: string[] = [];
    for (let second = 0; second < 14; second += 1) {
      if (live.textContent) heard.push(live.textContent);
      await advance(1_000);
    }
    expect([...new Set(heard)]).toEqual(['10 seconds left.', '5 seconds left.']);
  });
});

/** The prompt in a kiosk with speech, its voice recording what it says. */
function renderWithSpeech(onWipe: () => void) {
  const said: string[] = [];
  const engine: SpeechEngine = {
    speak: (text) => {
      said.push(text);
      return Promise.resolve('done');
    },
    cancel: () => undefined,
  };
  function TurnOn() {
    const speech = useSpeech();
    return (
      <button type="button" onClick={() => speech?.setOn(true)}>
        Speech
      </button>
    );
  }
  render(
    <MemoryRouter>
      <SpeechMode capability={{ outputDevice: null }} bridge={null} engine={engine}>
        <main>
          <h1>Products</h1>
        </main>
        <TurnOn />
        <IdlePrompt afterSeconds={10} countdownSeconds={15} paused={false} onWipe={onWipe} />
      </SpeechMode>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Speech' }));
  return { said: () => said.join(' ') };
}

describe('the idle prompt with speech on', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits three times longer, counts down three times longer, and says both', async () => {
    const onWipe = vi.fn();
    const { said } = renderWithSpeech(onWipe);
    await advance(29_000);
    expect(prompt()).not.toBeInTheDocument();
    await advance(1_000);
    expect(prompt()).toBeInTheDocument();
    expect(screen.getByText('45')).toBeInTheDocument();
    expect(said()).toContain(
      "Are you still there? For the next shopper's privacy, this session ends and the cart is emptied in 45 seconds. Press any key to keep shopping. I'm still here, button",
    );
    await advance(15_000);
    expect(said()).toContain('30 seconds left.');
    await advance(29_000);
    expect(onWipe).not.toHaveBeenCalled();
    await advance(1_000);
    expect(onWipe).toHaveBeenCalledTimes(1);
  });

  it('any key answers it as a touch does; Enter presses the button it is on', async () => {
    const onWipe = vi.fn();
    renderWithSpeech(onWipe);
    await advance(30_000);
    expect(prompt()).toBeInTheDocument();
    act(() => {
      expect(pressRealKey('ArrowDown')).toBe(false);
    });
    expect(prompt()).not.toBeInTheDocument();
    expect(onWipe).not.toHaveBeenCalled();

    await advance(30_000);
    const startOver = screen.getByRole('button', { name: 'Start over' });
    act(() => startOver.focus());
    act(() => {
      expect(pressRealKey('Enter', startOver)).toBe(true);
    });
    fireEvent.click(startOver);
    expect(onWipe).toHaveBeenCalledTimes(1);
  });
});
