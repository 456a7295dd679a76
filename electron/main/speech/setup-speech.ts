/**
 * The speech channel: the page asks main to speak a text when its system has no voices
 * (or must play on a headset, which only an <audio> element can). Only the app's own page
 * may ask; the text and language are checked; one synthesis runs at a time, and a request
 * still waiting when a newer one comes is answered null, as the page has moved on (every
 * key interrupts speech).
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { IPC_CHANNELS } from '../../../shared/bridge';
import type { ShopperLanguage } from '../../../shared/languages';
import { isTrustedSender } from '../ipc-sender';
import type { Logger } from '../logging/logging';
import {
  ESPEAK_COMMAND,
  espeakVoice,
  execFileQuietly,
  speechText,
  synthesize as synthesizeWithEspeak,
  type ExecFile,
} from './espeak';
import { languagesOfVoiceTable, listEspeakVoices } from './espeak-voices';

export interface SpeechOptions {
  ipcMain: Pick<IpcMain, 'handle'>;
  log: Logger;
  /** The synthesiser; espeak-ng unless a test hands in another. */
  synthesize?: (text: string, voice: string) => Promise<Uint8Array>;
  /** How the start-up check runs `espeak-ng --version`. */
  exec?: ExecFile;
  /** `espeak-ng --voices`' table; rejects without espeak-ng. */
  listVoices?: () => Promise<string>;
}

/** The first line of an error, for one log line. */
const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

export function setupSpeech({
  ipcMain,
  log,
  synthesize = (text, voice) => synthesizeWithEspeak(text, { voice }),
  exec = execFileQuietly,
  listVoices = listEspeakVoices,
}: SpeechOptions): void {
  let busy = false;
  let waiting: { words: string; voice: string; answer: (wav: Uint8Array | null) => void } | null =
    null;
  let loggedFailure = false;
  let warnedStranger = false;

  const run = async (words: string, voice: string): Promise<Uint8Array | null> => {
    busy = true;
    try {
      const wav = await synthesize(words, voice);
      loggedFailure = false;
      return wav;
    } catch (error) {
      // Once until the next success: a kiosk without espeak-ng must not fill its log.
      if (!loggedFailure) {
        loggedFailure = true;
        log.warn(`Speech: espeak-ng could not speak (${reasonOf(error)})`);
      }
      return null;
    } finally {
      busy = false;
      const next = waiting;
      waiting = null;
      if (next) void run(next.words, next.voice).then(next.answer);
    }
  };

  // Said once at start, so an operator knows whether a kiosk without voices can speak.
  exec(ESPEAK_COMMAND, ['--version'], { timeout: 5000, windowsHide: true, maxBuffer: 4096 }).then(
    () => {
      log.info('Speech: espeak-ng is ready for machines without system voices');
    },
    (error: unknown) => {
      log.warn(
        `Speech: espeak-ng is not available (${reasonOf(error)}); speech uses the system's voices only (Linux: apt install espeak-ng)`,
      );
    },
  );

  // Asked once, when the page first wants to know: the voices do not change while it runs.
  let languages: Promise<ShopperLanguage[]> | null = null;
  ipcMain.handle(IPC_CHANNELS.speechLanguages, (event: IpcMainInvokeEvent) => {
    if (!isTrustedSender(event)) return Promise.resolve([]);
    languages ??= listVoices().then(languagesOfVoiceTable, () => []);
    return languages;
  });

  ipcMain.handle(
    IPC_CHANNELS.speak,
    (event: IpcMainInvokeEvent, text: unknown, lang: unknown): Promise<Uint8Array | null> => {
      if (!isTrustedSender(event)) {
        if (!warnedStranger) {
          warnedStranger = true;
          log.warn(
            `IPC: rejected ${IPC_CHANNELS.speak} from ${event.senderFrame?.url ?? 'a gone frame'}`,
          );
        }
        return Promise.resolve(null);
      }
      const words = speechText(text);
      const voice = espeakVoice(lang);
      if (words === null || voice === null) return Promise.resolve(null);

      if (!busy) return run(words, voice);
      // The latest request waits for the one running; an older waiting one is dropped.
      waiting?.answer(null);
      return new Promise<Uint8Array | null>((answer) => {
        waiting = { words, voice, answer };
      });
    },
  );
}
