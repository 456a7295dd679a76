/**
 * Which of the shop's languages the kiosk's espeak-ng can speak, read from
 * `espeak-ng --voices` (a table: priority, language, age/gender, name, file, others), so
 * the page knows before it speaks whether the shopper's language has a voice.
 */
import { execFile } from 'node:child_process';
import { SHOPPER_LANGUAGES, type ShopperLanguage } from '../../../shared/languages';
import { ESPEAK_COMMAND } from './espeak';

/** The shop's languages among the voices of `espeak-ng --voices`' table, in the shop's order. */
export function languagesOfVoiceTable(table: string): ShopperLanguage[] {
  const listed = new Set(
    table
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/)[1]?.toLowerCase().split('-')[0])
      .filter((language): language is string => language !== undefined && language !== ''),
  );
  return SHOPPER_LANGUAGES.filter((language) => listed.has(language));
}

/** `espeak-ng --voices`' table; rejects when espeak-ng is missing or fails. */
export function listEspeakVoices(command = ESPEAK_COMMAND): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      ['--voices'],
      { timeout: 5000, windowsHide: true, maxBuffer: 256 * 1024 },
      (error, stdout) => {
        if (error === null) resolve(stdout);
        else reject(error instanceof Error ? error : new Error('espeak-ng failed'));
      },
    );
  });
}
