/**
 * The voices the kiosk can speak with, behind one small interface so the
 * speaker neither knows nor cares which one talks:
 * - the system's voices through `window.speechSynthesis` (a browser, the kiosk renderer
 *   without the bridge, and the kiosk whenever its system lists voices), with a voice of
 *   the page's language when one is listed and the default otherwise;
 * - the kiosk's own espeak-ng voice, made by the main process and played through an
 *   <audio> element, the only way to reach a chosen output (setSinkId): for machines
 *   without system voices, and always when speech must go to a headset.
 */
import { wordsIn } from '@/i18n/language-store';
import { espeakText, isEspeakVoice } from './spoken-text';

export type SpeakOutcome = 'done' | 'failed';

export interface SpeechEngine {
  /**
   * Says one part in `lang` (the engine's own language when absent); resolves once it has
   * been said or stopped ('done'), or could not be.
   */
  speak(text: string, volume: number, lang?: string): Promise<SpeakOutcome>;
  /** Stops what is being said, at once. */
  cancel(): void;
}

/** Longest a part may take before the speaker moves on anyway (a voice that never ends). */
export const partDeadlineMs = (text: string): number => 5000 + text.length * 150;

/**
 * The voice for the page's language ("en"): the same language and region first, then
 * American English for plain "en" (the shop's prices are dollars), then the system's
 * default voice of that language, then any; null (the default voice) when none is listed.
 */
export function pickVoice(
  voices: readonly SpeechSynthesisVoice[],
  lang: string,
): SpeechSynthesisVoice | null {
  const wanted = lang.toLowerCase();
  const primary = wanted.split('-')[0] ?? wanted;
  const langOf = (voice: SpeechSynthesisVoice) => voice.lang.toLowerCase().replace('_', '-');
  const same = voices.filter((voice) => langOf(voice).split('-')[0] === primary);
  return (
    same.find((voice) => langOf(voice) === wanted) ??
    (primary === 'en' ? same.find((voice) => langOf(voice) === 'en-us') : undefined) ??
    same.find((voice) => voice.default) ??
    same[0] ??
    null
  );
}

export interface SynthesisOptions {
  synth: SpeechSynthesis;
  lang: string;
  /** `new SpeechSynthesisUtterance(text)`; tests hand in their own. */
  utterance?: (text: string) => SpeechSynthesisUtterance;
}

/** The system's voices. */
export function synthesisEngine({
  synth,
  lang,
  utterance = (text) => new SpeechSynthesisUtterance(text),
}: SynthesisOptions): SpeechEngine {
  let stop: (() => void) | null = null;
  return {
    speak: (text, volume, language = lang) =>
      new Promise((resolve) => {
        const voice = pickVoice(synth.getVoices(), language);
        const espeak = voice !== null && isEspeakVoice(voice);
        const said = utterance(espeak ? espeakText(text, wordsIn(language)) : text);
        said.lang = language;
        said.volume = volume;
        if (voice) said.voice = voice;
        const finish = () => {
          clearTimeout(deadline);
          stop = null;
          resolve('done');
        };
        // A voice that never reports its end must not hold up everything after it.
        const deadline = setTimeout(finish, partDeadlineMs(text));
        said.addEventListener('end', finish);
        said.addEventListener('error', finish);
        stop = finish;
        synth.speak(said);
      }),
    cancel: () => {
      synth.cancel();
      stop?.();
    },
  };
}

/** What the audio engine needs of an <audio> element. */
export type SpeechAudio = Pick<
  HTMLAudioElement,
  'play' | 'pause' | 'addEventListener' | 'removeEventListener' | 'src' | 'volume'
> & { setSinkId?: (id: string) => Promise<void> };

export interface AudioOptions {
  /** The bridge's `speak`: the WAV main made, or null. */
  synthesize: (text: string, lang: string) => Promise<Uint8Array | null>;
  lang: string;
  /** The output to play on (speechOutputDevice), or null for the default. */
  outputDevice: string | null;
  createAudio?: () => SpeechAudio;
  /** The audio outputs as the page may list them. */
  listOutputs?: () => Promise<readonly Pick<MediaDeviceInfo, 'deviceId' | 'label' | 'kind'>[]>;
  createUrl?: (blob: Blob) => string;
  revokeUrl?: (url: string) => void;
  warn?: (message: string) => void;
}

/**
 * The output `wanted` names: its device id, else the label that is it (case aside), else
 * the first label that contains it ("Headset" finds "USB Headset Analog Stereo").
 */
export function findOutput(
  outputs: readonly Pick<MediaDeviceInfo, 'deviceId' | 'label' | 'kind'>[],
  wanted: string,
): string | null {
  const speakers = outputs.filter((device) => device.kind === 'audiooutput');
  const name = wanted.toLowerCase();
  return (
    speakers.find((device) => device.deviceId === wanted)?.deviceId ??
    speakers.find((device) => device.label.toLowerCase() === name)?.deviceId ??
    speakers.find((device) => device.label.toLowerCase().includes(name))?.deviceId ??
    null
  );
}

/** The espeak-ng voice from the main process, played through an <audio> element. */
export function audioEngine({
  synthesize,
  lang,
  outputDevice,
  createAudio = () => new Audio(),
  listOutputs = () => navigator.mediaDevices.enumerateDevices(),
  createUrl = (blob) => URL.createObjectURL(blob),
  revokeUrl = (url) => URL.revokeObjectURL(url),
  warn = (message) => console.warn(message),
}: AudioOptions): SpeechEngine {
  let generation = 0;
  let playing: { audio: SpeechAudio; finish: () => void } | null = null;
  let sink: Promise<string | null> | null = null;

  /** The output's id, looked up once; null: the default (and a warning if one was named). */
  const sinkId = (): Promise<string | null> => {
    if (!outputDevice) return Promise.resolve(null);
    sink ??= listOutputs()
      .then((outputs) => findOutput(outputs, outputDevice))
      .catch(() => null)
      .then((id) => {
        if (id === null) {
          warn(`[speech] no audio output "${outputDevice}"; speaking on the default output`);
        }
        return id;
      });
    return sink;
  };

  return {
    speak: async (text, volume, language = lang) => {
      const mine = ++generation;
      const wav = await synthesize(espeakText(text, wordsIn(language)), language);
      if (mine !== generation) return 'done';
      if (!wav) return 'failed';
      const audio = createAudio();
      // A copy into a fresh buffer: the bytes may be a view into something larger.
      const url = createUrl(new Blob([wav.slice()], { type: 'audio/wav' }));
      try {
        const id = await sinkId();
        if (id !== null && audio.setSinkId) await audio.setSinkId(id);
        if (mine !== generation) return 'done';
        audio.volume = volume;
        audio.src = url;
        return await new Promise<SpeakOutcome>((resolve) => {
          const finish = () => {
            audio.removeEventListener('ended', finish);
            audio.removeEventListener('error', finish);
            if (playing?.audio === audio) playing = null;
            resolve('done');
          };
          audio.addEventListener('ended', finish);
          audio.addEventListener('error', finish);
          playing = { audio, finish };
          audio.play().catch(finish);
        });
      } catch {
        return 'failed';
      } finally {
        revokeUrl(url);
      }
    },
    cancel: () => {
      generation += 1;
      if (playing) {
        playing.audio.pause();
        playing.finish();
      }
    },
  };
}

export interface ChooseOptions {
  synth: SpeechSynthesis | null;
  audio: SpeechEngine | null;
  /** A headset is configured: only the <audio> element can reach it, so it goes first. */
  outputDevice: string | null;
}

/**
 * One engine over the two: each part goes to the best voice there is now and, if that one
 * cannot speak it, to the other. The system's voices lead while they list any; espeak-ng
 * leads when they list none, or when speech must play on a chosen output. With neither,
 * the system's default voice is tried last (Electron on Linux lists none but may speak).
 */
export function routedEngine(
  system: SpeechEngine | null,
  { synth, audio, outputDevice }: ChooseOptions,
): SpeechEngine {
  const order = (): SpeechEngine[] => {
    const voicesListed = (synth?.getVoices().length ?? 0) > 0;
    const first = outputDevice || !voicesListed ? [audio, system] : [system, audio];
    return first.filter((engine): engine is SpeechEngine => engine !== null);
  };
  return {
    speak: async (text, volume, language) => {
      for (const engine of order()) {
        if ((await engine.speak(text, volume, language)) === 'done') return 'done';
      }
      return 'failed';
    },
    cancel: () => {
      system?.cancel();
      audio?.cancel();
    },
  };
}
