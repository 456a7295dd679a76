/**
 * The kiosk's one voice: a queue of things to say, said in order; `interrupt` drops the
 * queue and what is being said (every key does, so a shopper never waits for speech to
 * end); the last thing said can be said again; the volume steps up and down.
 */
import { MAX_SPEECH_CHARS } from '@shared/bridge';
import { shownLanguage, type ShownLanguage } from '@/i18n/language-store';
import { VOLUME_STEPS, volumeWords } from './mode-words';
import type { SpeechEngine } from './speech-engine';
import { spokenText } from './spoken-text';

/** Parts of at most this many characters: some voices stop in the middle of long ones. */
export const PART_CHARS = 240;

/** Splits speech into sentences, and a sentence too long at its commas or spaces. */
export function speechParts(
  text: string,
  limit = Math.min(PART_CHARS, MAX_SPEECH_CHARS),
): string[] {
  const parts: string[] = [];
  let current = '';
  const push = (piece: string) => {
    if (current && `${current} ${piece}`.length > limit) {
      parts.push(current);
      current = '';
    }
    current = current ? `${current} ${piece}` : piece;
  };
  for (const sentence of text.split(/(?<=[.!?;])\s+/)) {
    if (sentence.length <= limit) {
      push(sentence);
      continue;
    }
    for (const word of sentence.split(/(?<=,)\s+|\s+/)) {
      // A single word longer than the limit is cut: nothing in the shop is, but a title may.
      for (let at = 0; at < word.length; at += limit) push(word.slice(at, at + limit));
    }
  }
  if (current) parts.push(current);
  return parts;
}

export interface SayOptions {
  /** Stop what is being said and waiting first (a focus change, a key's answer). */
  interrupt?: boolean;
  /** Remember it for repeat; false for the voice's own remarks (volume). */
  remember?: boolean;
  /**
   * Say it even when it is what is being said now (the repeat key). Otherwise the same
   * words arriving again while they are still being said (a page's summary, then the
   * focus landing on its heading) go on, not start over.
   */
  again?: boolean;
  /**
   * Words in this language's voice and ways (English, to say there is no voice for the
   * shown one); the shown language's otherwise.
   */
  words?: ShownLanguage;
}

/** A part waiting to be said, with the language of its voice. */
interface Part {
  text: string;
  lang: string;
}

export const DEFAULT_VOLUME_STEP = 8;

export class Speaker {
  private queue: Part[] = [];
  private speaking = false;
  private generation = 0;
  private step = DEFAULT_VOLUME_STEP;
  /** The words being said or waiting, as spoken (spokenText); '' when silent. */
  private saying = '';
  /** The last thing said, as the screen put it, for the repeat key. */
  last = '';

  constructor(
    private readonly engine: SpeechEngine,
    /** The language the words are in: the shown language unless a test says otherwise. */
    private readonly language: () => ShownLanguage = shownLanguage,
  ) {}

  get volume(): number {
    return this.step / VOLUME_STEPS;
  }

  say(
    text: string,
    { interrupt = false, remember = true, again = false, words = this.language() }: SayOptions = {},
  ): void {
    const spoken = spokenText(text, words);
    if (!again && spoken !== '' && this.speaking && spoken === this.saying) return;
    if (interrupt) this.stop();
    if (spoken === '') return;
    if (remember) this.last = text;
    this.saying = spoken;
    this.queue.push(...speechParts(spoken).map((part) => ({ text: part, lang: words.language })));
    void this.pump();
  }

  /** Silence, now: what is being said and everything waiting. */
  stop(): void {
    this.generation += 1;
    this.queue = [];
    this.speaking = false;
    this.saying = '';
    this.engine.cancel();
  }

  repeat(): void {
    if (this.last) this.say(this.last, { interrupt: true, again: true });
  }

  /** One step up (+1) or down (-1), never to silence, and says where it is now. */
  changeVolume(by: 1 | -1): void {
    this.step = Math.min(VOLUME_STEPS, Math.max(1, this.step + by));
    this.say(volumeWords(this.step, this.language()), { interrupt: true, remember: false });
  }

  private async pump(): Promise<void> {
    if (this.speaking) return;
    this.speaking = true;
    const mine = this.generation;
    while (mine === this.generation) {
      const part = this.queue.shift();
      if (part === undefined) break;
      await this.engine.speak(part.text, this.volume, part.lang);
    }
    if (mine === this.generation) {
      this.speaking = false;
      this.saying = '';
    }
  }
}
