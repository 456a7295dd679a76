import type { IpcMain } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import type { ExecFile } from '../../../../electron/main/speech/espeak';
import { setupSpeech } from '../../../../electron/main/speech/setup-speech';
import { IPC_CHANNELS } from '../../../../shared/bridge';
import { fakeLogger, ipcEventFrom } from '../../support/fake-electron';

vi.mock('electron', () => ({}));

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;

const APP = ipcEventFrom('app://shop/index.html');
const WAV = new Uint8Array([82, 73, 70, 70]);

type Synthesize = (text: string, voice: string) => Promise<Uint8Array>;

/** `espeak-ng --voices`' table, shortened: Debian's has a hundred more rows. */
const VOICE_TABLE = [
  'Pty Language       Age/Gender VoiceName          File                 Other Languages',
  ' 5  ar              --/M      Arabic             sem/ar               ',
  ' 5  de              --/M      German             gmw/de               ',
  ' 5  en-gb           --/M      English_(Great_Britain) gmw/en          (en 2)',
  ' 5  es              --/M      Spanish_(Spain)    roa/es               ',
  ' 5  es-419          --/M      Spanish_(Latin_America) roa/es-419      (es-mx 6)',
  '',
].join('\n');

function setup(
  synthesize = vi.fn<Synthesize>(() => Promise.resolve(WAV)),
  listVoices = vi.fn(() => Promise.resolve(VOICE_TABLE)),
) {
  const handlers = new Map<string, Handler>();
  const ipcMain = {
    handle: (channel: string, listener: Handler) => {
      handlers.set(channel, listener);
    },
  };
  const log = fakeLogger();
  const exec = vi.fn<ExecFile>(() => Promise.resolve());
  setupSpeech({ ipcMain: ipcMain as unknown as IpcMain, log, synthesize, exec, listVoices });
  const call =
    (channel: string) =>
    (event: unknown, ...args: unknown[]) => {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`nothing handles ${channel}`);
      return handler(event, ...args);
    };
  return {
    speak: call(IPC_CHANNELS.speak),
    speechLanguages: call(IPC_CHANNELS.speechLanguages),
    synthesize,
    log,
    exec,
    listVoices,
  };
}

describe('the speech channel', () => {
  it('speaks for the app’s own page, in the voice of its language', async () => {
    const { speak, synthesize } = setup();
    await expect(speak(APP, 'Hello', 'en')).resolves.toEqual(WAV);
    expect(synthesize).toHaveBeenCalledWith('Hello', 'en-us');
  });

  it('answers no other frame, and says so once', async () => {
    const { speak, synthesize, log } = setup();
    await expect(speak(ipcEventFrom('https://evil.example/'), 'Hi', 'en')).resolves.toBeNull();
    await expect(
      speak(ipcEventFrom('app://shop/index.html', { subframe: true }), 'Hi', 'en'),
    ).resolves.toBeNull();
    await expect(speak(ipcEventFrom(null), 'Hi', 'en')).resolves.toBeNull();
    expect(synthesize).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatch(/rejected kiosk:speak from https:\/\/evil/);
  });

  it.each([
    ['no text', [undefined, 'en']],
    ['a text too long', ['x'.repeat(1001), 'en']],
    ['a language that is an option', ['Hi', '-w/tmp/x']],
    ['an object', [{ toString: (): string => 'Hi' }, 'en']],
  ])('refuses %s', async (_name, args) => {
    const { speak, synthesize } = setup();
    await expect(speak(APP, ...args)).resolves.toBeNull();
    expect(synthesize).not.toHaveBeenCalled();
  });

  it('runs one synthesis at a time, and drops a waiting request a newer one replaces', async () => {
    let finishFirst: () => void = () => undefined;
    const synthesize = vi.fn<Synthesize>(
      (text) =>
        new Promise<Uint8Array>((resolve) => {
          if (text === 'first') finishFirst = () => resolve(WAV);
          else resolve(WAV);
        }),
    );
    const { speak } = setup(synthesize);
    const first = speak(APP, 'first', 'en');
    const second = speak(APP, 'second', 'en');
    const third = speak(APP, 'third', 'en');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(synthesize.mock.calls.map(([text]) => text)).toEqual(['first']);
    finishFirst();
    await expect(first).resolves.toEqual(WAV);
    await expect(second).resolves.toBeNull();
    await expect(third).resolves.toEqual(WAV);
    expect(synthesize.mock.calls.map(([text]) => text)).toEqual(['first', 'third']);
  });

  it('answers null when espeak-ng fails, logging once until it works again', async () => {
    const synthesize = vi.fn<Synthesize>(() => Promise.reject(new Error('spawn espeak-ng ENOENT')));
    const { speak, log } = setup(synthesize);
    await expect(speak(APP, 'one', 'en')).resolves.toBeNull();
    await expect(speak(APP, 'two', 'en')).resolves.toBeNull();
    expect(log.warn).toHaveBeenCalledExactlyOnceWith(
      'Speech: espeak-ng could not speak (spawn espeak-ng ENOENT)',
    );
  });

  it('says at start whether espeak-ng is there', async () => {
    const { exec, log } = setup();
    expect(exec).toHaveBeenCalledWith('espeak-ng', ['--version'], expect.anything());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log.info).toHaveBeenCalledWith(
      'Speech: espeak-ng is ready for machines without system voices',
    );
  });
});

describe('which languages espeak-ng speaks', () => {
  it('names the shop’s languages it has a voice for, asking espeak-ng once', async () => {
    const { speechLanguages, listVoices } = setup();
    await expect(speechLanguages(APP)).resolves.toEqual(['en', 'es', 'de', 'ar']);
    await expect(speechLanguages(APP)).resolves.toEqual(['en', 'es', 'de', 'ar']);
    expect(listVoices).toHaveBeenCalledTimes(1);
  });

  it('names none without espeak-ng, and none to another frame', async () => {
    const missing = setup(
      undefined,
      vi.fn(() => Promise.reject(new Error('ENOENT'))),
    );
    await expect(missing.speechLanguages(APP)).resolves.toEqual([]);
    const { speechLanguages, listVoices } = setup();
    await expect(speechLanguages(ipcEventFrom('https://evil.example/'))).resolves.toEqual([]);
    expect(listVoices).not.toHaveBeenCalled();
  });
});
