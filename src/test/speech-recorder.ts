import { vi } from 'vitest';

/**
 * Stands in for the page's voices (window.speechSynthesis) in happy-dom, which has none:
 * every utterance's text goes into `said`, and each ends at once so the next is spoken.
 * What the kiosk would have said aloud, in order.
 */
export function recordSpeech() {
  const said: string[] = [];
  const volumes: number[] = [];
  class Utterance extends EventTarget {
    lang = '';
    volume = 1;
    voice: SpeechSynthesisVoice | null = null;
    constructor(public text: string) {
      super();
    }
  }
  const synth = {
    getVoices: () => [
      { lang: 'en-US', name: 'Test English', default: true, localService: true, voiceURI: 'en' },
    ],
    speak: vi.fn((utterance: Utterance) => {
      said.push(utterance.text);
      volumes.push(utterance.volume);
      queueMicrotask(() => utterance.dispatchEvent(new Event('end')));
    }),
    cancel: vi.fn(),
  };
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  return {
    said,
    volumes,
    synth,
    /** Everything said so far, as one text. */
    transcript: () => said.join(' '),
    clear: () => {
      said.length = 0;
      volumes.length = 0;
    },
  };
}

/**
 * A key as a keypad sends it: trusted, as a real key is (speech turns on only for real
 * keys; happy-dom cannot make one, so the flag is set on the event itself).
 */
export function pressRealKey(
  key: string,
  target: EventTarget = document.activeElement ?? document.body,
): boolean {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  return target.dispatchEvent(event);
}
