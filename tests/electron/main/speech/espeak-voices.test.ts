import { describe, expect, it } from 'vitest';
import {
  languagesOfVoiceTable,
  listEspeakVoices,
} from '../../../../electron/main/speech/espeak-voices';

describe('the shop’s languages among espeak-ng’s voices', () => {
  it('reads the language column, whatever region a voice is of', () => {
    const table = [
      'Pty Language       Age/Gender VoiceName          File                 Other Languages',
      ' 5  fr-be           --/M      French_(Belgium)   roa/fr-BE            ',
      ' 5  ar              --/M      Arabic             sem/ar               ',
      ' 5  en-us           --/M      English_(America)  gmw/en-US            (en 3)',
      ' 5  ja              --/M      Japanese           jpx/ja               ',
    ].join('\n');
    expect(languagesOfVoiceTable(table)).toEqual(['en', 'fr', 'ar']);
  });

  it('finds nothing in an empty or strange answer', () => {
    expect(languagesOfVoiceTable('')).toEqual([]);
    expect(languagesOfVoiceTable('Pty Language\n\n   \nError: no voices')).toEqual([]);
  });

  it('lists the voices of this machine’s espeak-ng, or fails without one', async () => {
    const table = await listEspeakVoices().catch(() => null);
    if (table === null) {
      console.warn('espeak-ng is not installed: its voice table is not read here');
      await expect(listEspeakVoices('espeak-ng-that-is-not-there')).rejects.toThrow();
      return;
    }
    // Debian's espeak-ng-data has every language the shop offers.
    expect(languagesOfVoiceTable(table)).toEqual(['en', 'es', 'fr', 'de', 'ar']);
    await expect(listEspeakVoices('espeak-ng-that-is-not-there')).rejects.toThrow();
  });
});
