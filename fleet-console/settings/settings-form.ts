/**
 * The settings form's text and what it means: the minutes as typed, the switches, the
 * languages as a comma-separated list. Reading it back checks each field in words a manager
 * reads ("Red must come after amber."), against the same schema the service checks with,
 * so what the form accepts the service keeps.
 */
import { shopSettingsSchema, type ShopSettings } from '@shared/fleet/order-flow';

export interface SettingsDraft {
  pickAmberMinutes: string;
  pickRedMinutes: string;
  boardReadyMinutes: string;
  boardChime: boolean;
  boardSpeech: boolean;
  boardSpeechLanguages: string;
}

export type DraftProblems = Partial<Record<keyof SettingsDraft, string>>;

export function draftOf(settings: ShopSettings): SettingsDraft {
  return {
    pickAmberMinutes: String(settings.pickAmberMinutes),
    pickRedMinutes: String(settings.pickRedMinutes),
    boardReadyMinutes: String(settings.boardReadyMinutes),
    boardChime: settings.boardChime,
    boardSpeech: settings.boardSpeech,
    boardSpeechLanguages: settings.boardSpeechLanguages.join(', '),
  };
}

const MINUTES_WORDS = 'Give minutes from 0.5 to 240, e.g. 5 or 7.5.';

function minutesOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[0-9]{1,3}(\.[0-9]{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 0.5 && value <= 240 ? value : null;
}

/** The settings the draft says, or what is wrong with each field. */
export function readDraft(
  draft: SettingsDraft,
): { kind: 'settings'; settings: ShopSettings } | { kind: 'problems'; problems: DraftProblems } {
  const problems: DraftProblems = {};
  const amber = minutesOf(draft.pickAmberMinutes);
  const red = minutesOf(draft.pickRedMinutes);
  const ready = minutesOf(draft.boardReadyMinutes);
  if (amber === null) problems.pickAmberMinutes = MINUTES_WORDS;
  if (red === null) problems.pickRedMinutes = MINUTES_WORDS;
  else if (amber !== null && red <= amber) {
    problems.pickRedMinutes = 'Red must come after amber: give more minutes than for amber.';
  }
  if (ready === null) problems.boardReadyMinutes = MINUTES_WORDS;
  const languages = draft.boardSpeechLanguages
    .split(',')
    .map((one) => one.trim())
    .filter((one) => one !== '');
  const settings = {
    pickAmberMinutes: amber ?? 0,
    pickRedMinutes: red ?? 0,
    boardReadyMinutes: ready ?? 0,
    boardChime: draft.boardChime,
    boardSpeech: draft.boardSpeech,
    boardSpeechLanguages: languages,
  };
  const checked = shopSettingsSchema.safeParse(settings);
  if (
    !checked.success &&
    checked.error.issues.some((issue) => issue.path[0] === 'boardSpeechLanguages')
  ) {
    problems.boardSpeechLanguages =
      'Give up to 4 language tags separated by commas, e.g. en-GB, de, fr.';
  }
  if (draft.boardSpeech && languages.length === 0) {
    problems.boardSpeechLanguages = 'Give at least one language to say the numbers in.';
  }
  if (Object.keys(problems).length > 0 || !checked.success) {
    return { kind: 'problems', problems };
  }
  return { kind: 'settings', settings: checked.data };
}
