// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '@shared/fleet/order-flow';
import { draftOf, readDraft } from './settings-form';

describe('the settings form', () => {
  it('reads back what it shows', () => {
    expect(readDraft(draftOf(DEFAULT_SHOP_SETTINGS))).toEqual({
      kind: 'settings',
      settings: DEFAULT_SHOP_SETTINGS,
    });
    const draft = {
      ...draftOf(DEFAULT_SHOP_SETTINGS),
      pickAmberMinutes: ' 7,5 ',
      boardSpeech: true,
      boardSpeechLanguages: 'en-GB, de,,fr ',
    };
    expect(readDraft(draft)).toEqual({
      kind: 'settings',
      settings: {
        ...DEFAULT_SHOP_SETTINGS,
        pickAmberMinutes: 7.5,
        boardSpeech: true,
        boardSpeechLanguages: ['en-GB', 'de', 'fr'],
      },
    });
  });

  it('says in words what is wrong with each field', () => {
    const result = readDraft({
      ...draftOf(DEFAULT_SHOP_SETTINGS),
      pickAmberMinutes: '12',
      pickRedMinutes: '10',
      boardReadyMinutes: 'soon',
      boardSpeech: true,
      boardSpeechLanguages: '',
    });
    expect(result).toEqual({
      kind: 'problems',
      problems: {
        pickRedMinutes: 'Red must come after amber: give more minutes than for amber.',
        boardReadyMinutes: 'Give minutes from 0.5 to 240, e.g. 5 or 7.5.',
        boardSpeechLanguages: 'Give at least one language to say the numbers in.',
      },
    });
    const problemsOf = (result: ReturnType<typeof readDraft>) =>
      result.kind === 'problems' ? result.problems : {};
    expect(
      problemsOf(
        readDraft({ ...draftOf(DEFAULT_SHOP_SETTINGS), boardSpeechLanguages: 'english please' }),
      ).boardSpeechLanguages,
    ).toBe('Give up to 4 language tags separated by commas, e.g. en-GB, de, fr.');
    expect(
      problemsOf(readDraft({ ...draftOf(DEFAULT_SHOP_SETTINGS), pickAmberMinutes: '0' }))
        .pickAmberMinutes,
    ).toBe('Give minutes from 0.5 to 240, e.g. 5 or 7.5.');
  });
});
