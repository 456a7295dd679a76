/**
 * The espeak-ng fallback voice, with the real binary (Debian's espeak-ng; `.ci/run` and CI
 * install it): a text becomes a WAV that plays for a while, and a text built to look like
 * a command is spoken, never run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  espeakVoice,
  speechText,
  synthesize,
  type ExecFile,
} from '../../../../electron/main/speech/espeak';
import { readWavInfo } from '../../../../electron/main/speech/wav';
import { MAX_SPEECH_CHARS } from '../../../../shared/bridge';

function espeakMissing(): string | null {
  try {
    execFileSync('espeak-ng', ['--version'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'espeak-ng is not installed (apt-get install espeak-ng; .ci/run installs it)';
  }
}

const skipReason = espeakMissing();
if (skipReason) console.warn(`Skipping the espeak-ng tests: ${skipReason}`);

/** A folder the injection texts would write into if a shell ever ran them. */
const trap = mkdtempSync(join(tmpdir(), 'kiosk-speech-trap-'));
afterAll(() => rmSync(trap, { recursive: true, force: true }));

describe.skipIf(skipReason !== null)('espeak-ng, for real', () => {
  it('speaks a product and its price into a WAV with sound in it', async () => {
    const wav = await synthesize('Classic Merino Wool Sweater, 89 dollars and 95 cents.', {
      voice: 'en-us',
    });
    const info = readWavInfo(wav);
    expect(info).not.toBeNull();
    expect(info?.dataBytes).toBeGreaterThan(0);
    // About two seconds of speech, not a click and not a runaway.
    expect(info?.durationSeconds).toBeGreaterThan(0.5);
    expect(info?.durationSeconds).toBeLessThan(20);
  });

  it.each([
    ['a command substitution', `$(touch ${join(trap, 'dollar')})`],
    ['backticks', `\`touch ${join(trap, 'backtick')}\``],
    ['a semicolon', `Shirt; touch ${join(trap, 'semicolon')}`],
    ['quotes', `Ring "with" 'quotes' && touch ${join(trap, 'quotes')}`],
    ['an option', `-w ${join(trap, 'option.wav')}`],
    ['a pipe and a redirect', `Watch | tee ${join(trap, 'pipe')} > ${join(trap, 'redirect')}`],
  ])('speaks %s as words and runs nothing', async (_name, text) => {
    const wav = await synthesize(text, { voice: 'en-us' });
    expect(readWavInfo(wav)?.durationSeconds).toBeGreaterThan(0);
    expect(readdirSync(trap)).toEqual([]);
  });

  it('leaves no temporary file behind', async () => {
    const before = readdirSync(tmpdir()).filter((name) => name.startsWith('kiosk-speech-'));
    await synthesize('Thank you', { voice: 'en-us' });
    const after = readdirSync(tmpdir()).filter((name) => name.startsWith('kiosk-speech-'));
    expect(after.filter((name) => !before.includes(name))).toEqual([]);
  });

  it('fails, rather than answering silence, for a voice espeak-ng does not have', async () => {
    await expect(synthesize('Hello', { voice: 'xx-yy' })).rejects.toThrow();
  });

  it('fails for a missing binary', async () => {
    await expect(
      synthesize('Hello', { voice: 'en-us', command: 'espeak-ng-that-is-not-there' }),
    ).rejects.toThrow(/ENOENT/);
  });
});

describe('what reaches espeak-ng', () => {
  it('passes the text as one argument after --, with a timeout, never a shell', async () => {
    const exec = vi.fn<ExecFile>(() => Promise.reject(new Error('not run')));
    await expect(synthesize('$(reboot); "x"', { voice: 'en-us', exec })).rejects.toThrow();
    const [file, args, options] = exec.mock.calls[0] ?? [];
    expect(file).toBe('espeak-ng');
    expect(args?.slice(0, 3)).toEqual(['-v', 'en-us', '-w']);
    expect(args?.slice(-2)).toEqual(['--', '$(reboot); "x"']);
    expect(options).toMatchObject({ timeout: 10_000 });
    expect(options).not.toHaveProperty('shell');
  });

  it.each([
    ['a plain text', 'Hello', 'Hello'],
    ['control characters', '  Price\u0000 $5\u001b[31m\n ', 'Price $5 [31m'],
    ['nothing', '', null],
    ['only a bell', '\u0007', null],
    ['a number', 42, null],
    ['the longest text', 'x'.repeat(MAX_SPEECH_CHARS), 'x'.repeat(MAX_SPEECH_CHARS)],
    ['a text too long', 'x'.repeat(MAX_SPEECH_CHARS + 1), null],
  ])('takes %s as espeak-ng may speak it', (_name, text, spoken) => {
    expect(speechText(text)).toBe(spoken);
  });

  it.each([
    ['en', 'en-us'],
    ['en-US', 'en-us'],
    ['en-GB', 'en-gb'],
    ['de', 'de'],
    ['', null],
    ['-w', null],
    ['en;rm', null],
    ['en us', null],
    [undefined, null],
  ])('speaks the page language %j with the voice %j', (lang, voice) => {
    expect(espeakVoice(lang)).toBe(voice);
  });
});

it('the trap folder exists for the injection cases', () => {
  expect(existsSync(trap)).toBe(true);
});
