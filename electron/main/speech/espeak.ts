/**
 * The kiosk's own voice for machines without system voices: Debian's espeak-ng,
 * run with execFile and the text as one argument after `--`, never through a shell, so
 * quotes, `;` or `$(…)` in a product's title are spoken, never run. It writes a WAV to a
 * private temporary folder (`-w`: the header then holds the real length, which a `--stdout`
 * stream cannot), which is read back and removed.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_SPEECH_CHARS, MAX_SPEECH_WAV_BYTES } from '../../../shared/bridge';
import { readWavInfo } from './wav';

export const ESPEAK_COMMAND = 'espeak-ng';
/** 1000 characters take espeak-ng well under a second; a hung one is stopped. */
export const SPEECH_TIMEOUT_MS = 10_000;

/** What the runner needs of Node; tests hand in their own to count calls. */
export type ExecFile = (
  file: string,
  args: readonly string[],
  options: { timeout: number; windowsHide: boolean; maxBuffer: number },
) => Promise<void>;

export const execFileQuietly: ExecFile = (file, args, options) =>
  new Promise((resolve, reject) => {
    execFile(file, [...args], options, (error) => {
      if (error === null) resolve();
      // Node's ExecFileException is an Error; the check keeps the rejection one for lint.
      else reject(error instanceof Error ? error : new Error('espeak-ng failed'));
    });
  });

/**
 * The text as espeak-ng may take it: one string of at most MAX_SPEECH_CHARS, control
 * characters (a terminal's escape sequences, NUL, line breaks) and runs of spaces made one
 * space; null when nothing is left.
 */
export function speechText(text: unknown): string | null {
  if (typeof text !== 'string' || text.length > MAX_SPEECH_CHARS) return null;
  const clean = text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return clean === '' ? null : clean;
}

/**
 * The espeak-ng voice for the page's language: "en" and "en-US" speak American English
 * (the shop's prices are dollars), "en-GB" British; another language its own code. Null for
 * anything that is not a language tag, so nothing else reaches the command line.
 */
export function espeakVoice(lang: unknown): string | null {
  if (typeof lang !== 'string' || !/^[a-z]{2,3}(-[a-z0-9]{2,8}){0,2}$/i.test(lang)) return null;
  const tag = lang.toLowerCase();
  if (tag === 'en' || tag.startsWith('en-us')) return 'en-us';
  return tag;
}

export interface SynthesizeOptions {
  voice: string;
  command?: string;
  exec?: ExecFile;
  timeoutMs?: number;
}

/** Speaks `text` into a WAV and returns its bytes; throws when espeak-ng fails or is absent. */
export async function synthesize(
  text: string,
  {
    voice,
    command = ESPEAK_COMMAND,
    exec = execFileQuietly,
    timeoutMs = SPEECH_TIMEOUT_MS,
  }: SynthesizeOptions,
): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'kiosk-speech-'));
  try {
    const file = join(dir, 'speech.wav');
    // `--` ends the options: a text that starts with '-' is still only text.
    await exec(command, ['-v', voice, '-w', file, '--', text], {
      timeout: timeoutMs,
      windowsHide: true,
      maxBuffer: 64 * 1024,
    });
    const bytes = await readFile(file);
    if (bytes.length > MAX_SPEECH_WAV_BYTES) throw new Error('the WAV is too large');
    const info = readWavInfo(bytes);
    if (!info || info.dataBytes === 0) throw new Error('espeak-ng wrote no sound');
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
