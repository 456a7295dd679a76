import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PageBridge, SpeechCapability } from '@/platform/capabilities';
import { chooseLanguage, IN_ENGLISH, useI18n } from '@/i18n/language-store';
import { speechOffWords } from './mode-words';
import type { CartReport } from './cart-report';
import { Speaker } from './speaker';
import { audioEngine, routedEngine, synthesisEngine, type SpeechEngine } from './speech-engine';
import { turnsSpeechOn } from './speech-keys';
import { SpeechNarrator } from './speech-narrator';
import { englishName, hasVoiceFor, type VoiceSources } from './voices';

/** The cart as the app reports it (the kiosk feature may not read the cart feature). */
export interface SpeechModeState {
  on: boolean;
  /** Turns speech on or off; off says so first. */
  setOn: (on: boolean) => void;
  speaker: Speaker;
}

const SpeechContext = createContext<SpeechModeState | null>(null);

/** Speech's state, or null in a kiosk without speech. */
export function useSpeech(): SpeechModeState | null {
  return useContext(SpeechContext);
}

/** The engines this kiosk has: the system's voices, and the bridge's espeak-ng if any. */
function createEngine(capability: SpeechCapability, bridge: PageBridge | null): SpeechEngine {
  const lang = document.documentElement.lang || 'en';
  const synth = systemSpeech();
  const system =
    synth && typeof SpeechSynthesisUtterance === 'function'
      ? synthesisEngine({ synth, lang })
      : null;
  const speak = bridge?.speak;
  const audio = speak
    ? audioEngine({
        synthesize: (text, language) => speak(text, language),
        lang,
        outputDevice: capability.outputDevice,
      })
    : null;
  return routedEngine(system, { synth, audio, outputDevice: capability.outputDevice });
}

function systemSpeech(): SpeechSynthesis | null {
  return 'speechSynthesis' in window ? window.speechSynthesis : null;
}

/** Where this kiosk's voices come from, for asking whether one speaks a language. */
function voiceSources(bridge: PageBridge | null): VoiceSources {
  const languages = bridge?.speechLanguages;
  return { synth: systemSpeech(), espeakLanguages: languages ? () => languages() : null };
}

/**
 * Said in English, by the English voice, whatever the shown language: there is no voice
 * that could say it in that one. Not a message to translate for that reason.
 */
export const noVoiceWords = (language: string): string =>
  `There is no ${language} voice on this kiosk, so speech goes on in English.`;

/**
 * While speech is on, the shown language must have a voice: if this kiosk has none for it,
 * speech says so in English and the shop goes on in English, which it can say.
 */
function useVoiceForLanguage(on: boolean, speaker: Speaker, sources: () => VoiceSources): void {
  const { language } = useI18n();
  useEffect(() => {
    if (!on || language === 'en' || language === 'en-XA') return;
    let current = true;
    void hasVoiceFor(language, sources()).then((found) => {
      if (!current || found) return;
      speaker.say(noVoiceWords(englishName(language)), { words: IN_ENGLISH });
      void chooseLanguage('en');
    });
    return () => {
      current = false;
    };
  }, [on, language, speaker, sources]);
}

interface SpeechModeProps {
  capability: SpeechCapability;
  bridge: PageBridge | null;
  cart?: CartReport | undefined;
  /** For tests: an engine instead of the page's voices. */
  engine?: SpeechEngine;
  children: ReactNode;
}

/**
 * Speech output for blind shoppers (EN 301 549 5.1.3.1). Off until asked for,
 * by the Speech button in the bar or the first key a keypad sends (nothing is said before
 * that); on until the idle wipe, which unmounts it and with it silences the voice. While
 * on, SpeechNarrator says what the focus lands on, what the page announces and what the
 * cart holds.
 */
export function SpeechMode({ capability, bridge, cart, engine, children }: SpeechModeProps) {
  const [on, setOn] = useState(false);
  // One voice per session; making it says nothing (the engines speak only when asked).
  const [speaker] = useState(() => new Speaker(engine ?? createEngine(capability, bridge)));

  const [sources] = useState(() => () => voiceSources(bridge));
  useVoiceForLanguage(on, speaker, sources);

  // The wipe: whatever is being said stops with the session.
  useEffect(() => () => speaker.stop(), [speaker]);

  useEffect(() => {
    if (on) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (turnsSpeechOn(event, document.querySelector('dialog[open]') !== null)) setOn(true);
    };
    // Capture: the key still does what it does (moves, chooses) after turning speech on.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [on]);

  const state = useMemo<SpeechModeState>(
    () => ({
      on,
      speaker,
      setOn: (next) => {
        if (on && !next) speaker.say(speechOffWords(), { interrupt: true, remember: false });
        setOn(next);
      },
    }),
    [on, speaker],
  );

  return (
    <SpeechContext.Provider value={state}>
      {children}
      {on && <SpeechNarrator speaker={speaker} cart={cart} />}
    </SpeechContext.Provider>
  );
}
