import { describe, expect, it, vi } from 'vitest';
import { createSpeechBridge } from '../../../electron/preload/speech-bridge';
import { IPC_CHANNELS } from '../../../shared/bridge';

/** The first 44 bytes of a WAV, then `extra` bytes of sound. */
function wav(extra = 100): Uint8Array {
  const bytes = new Uint8Array(44 + extra);
  bytes.set(new TextEncoder().encode('RIFF'), 0);
  bytes.set(new TextEncoder().encode('WAVE'), 8);
  return bytes;
}

function bridgeAnswering(answer: unknown) {
  const invoke = vi.fn(() =>
    answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer),
  );
  return { invoke, bridge: createSpeechBridge({ invoke }) };
}

describe('the speech bridge', () => {
  it('asks main on the speak channel and hands the page the WAV', async () => {
    const sound = wav();
    const { invoke, bridge } = bridgeAnswering(sound);
    await expect(bridge.speak('Added to the cart', 'en')).resolves.toBe(sound);
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.speak, 'Added to the cart', 'en');
  });

  it.each([
    ['no speech', null],
    ['a failure', new Error('No handler registered')],
    ['text', 'RIFF....WAVE'],
    ['bytes that are not a WAV', new TextEncoder().encode('ID3'.padEnd(80))],
    ['a WAV too large', wav(16 * 1024 * 1024)],
  ])('gives the page null for %s', async (_name, answer) => {
    await expect(bridgeAnswering(answer).bridge.speak('Hi', 'en')).resolves.toBeNull();
  });

  it.each([
    ['an empty text', '', 'en'],
    ['a text too long', 'x'.repeat(1001), 'en'],
    ['a text that is not text', 42, 'en'],
    ['no language', 'Hi', undefined],
  ])('sends nothing for %s', async (_name, text, lang) => {
    const { invoke, bridge } = bridgeAnswering(wav());
    await expect(bridge.speak(text as string, lang as string)).resolves.toBeNull();
    expect(invoke).not.toHaveBeenCalled();
  });
});

describe('the languages espeak-ng speaks', () => {
  it('asks main once per call and hands the page only the shop’s languages', async () => {
    const { invoke, bridge } = bridgeAnswering(['es', 'ar', 'klingon', 7, { en: true }]);
    await expect(bridge.speechLanguages()).resolves.toEqual(['es', 'ar']);
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.speechLanguages);
  });

  it('answers none for anything else main sends, or when main cannot answer', async () => {
    for (const answer of [null, 'es', { 0: 'es' }, new Error('no handler')]) {
      await expect(bridgeAnswering(answer).bridge.speechLanguages()).resolves.toEqual([]);
    }
  });
});
