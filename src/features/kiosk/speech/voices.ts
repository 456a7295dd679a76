/**
 * Whether the kiosk has a voice for a language: one of the system's voices (any region),
 * or the main process's espeak-ng, which says which of the shop's languages it can speak.
 * When neither can tell (the system lists no voices, as Electron on Linux, and there is no
 * espeak-ng to ask), the system's default voice is tried, as it always was.
 */
export interface VoiceSources {
  synth: Pick<SpeechSynthesis, 'getVoices'> | null;
  /** The languages espeak-ng speaks, from the bridge; null without one. */
  espeakLanguages: (() => Promise<readonly string[]>) | null;
}

const primary = (lang: string): string => lang.toLowerCase().replace('_', '-').split('-')[0] ?? '';

export async function hasVoiceFor(
  language: string,
  { synth, espeakLanguages }: VoiceSources,
): Promise<boolean> {
  const wanted = primary(language);
  const voices = synth?.getVoices() ?? [];
  if (voices.some((voice) => primary(voice.lang) === wanted)) return true;
  let espeak: readonly string[] | null = null;
  if (espeakLanguages) {
    try {
      espeak = await espeakLanguages();
    } catch {
      espeak = null;
    }
  }
  if (espeak?.some((lang) => primary(lang) === wanted)) return true;
  // Nobody listed anything: nothing says there is no voice.
  return voices.length === 0 && espeak === null;
}

/** A language's English name, for saying in English that it has no voice ("Arabic"). */
export function englishName(language: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}
