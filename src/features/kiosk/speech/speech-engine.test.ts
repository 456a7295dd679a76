import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  audioEngine,
  findOutput,
  pickVoice,
  routedEngine,
  synthesisEngine,
  type SpeechAudio,
  type SpeechEngine,
} from './speech-engine';

const voice = (lang: string, more: Partial<SpeechSynthesisVoice> = {}) => ({
  lang,
  name: lang,
  default: false,
  localService: true,
  voiceURI: lang,
  ...more,
});

/** A speechSynthesis that records what it is asked to say and ends each at once. */
function fakeSynth(voices: SpeechSynthesisVoice[] = []) {
  const said: SpeechSynthesisUtterance[] = [];
  const synth = {
    getVoices: () => voices,
    speak: vi.fn((utterance: SpeechSynthesisUtterance) => {
      said.push(utterance);
      queueMicrotask(() => utterance.dispatchEvent(new Event('end')));
    }),
    cancel: vi.fn(),
  };
  return { synth: synth as unknown as SpeechSynthesis, said, spy: synth };
}

/** An utterance as the engine uses one: text, lang, volume, voice and its events. */
function utterance(text: string): SpeechSynthesisUtterance {
  return Object.assign(new EventTarget(), {
    text,
    lang: '',
    volume: 1,
    voice: null,
  }) as unknown as SpeechSynthesisUtterance;
}

afterEach(() => vi.useRealTimers());

describe('the voice for the page’s language', () => {
  it('takes an English voice when one is listed, American for plain "en"', () => {
    const voices = [
      voice('de-DE'),
      voice('en-GB'),
      voice('en-US'),
      voice('fr-FR', { default: true }),
    ];
    expect(pickVoice(voices, 'en')?.lang).toBe('en-US');
    expect(pickVoice(voices, 'en-GB')?.lang).toBe('en-GB');
    expect(pickVoice(voices, 'de')?.lang).toBe('de-DE');
  });

  it('reads the underscores some systems list (en_US)', () => {
    expect(pickVoice([voice('en_US')], 'en')?.lang).toBe('en_US');
  });

  it('leaves the default voice when none of the language is listed', () => {
    expect(pickVoice([voice('fr-FR')], 'en')).toBeNull();
    expect(pickVoice([], 'en')).toBeNull();
  });
});

describe('the system’s voices', () => {
  it('speaks each part in the page’s language, at the volume asked, with the chosen voice', async () => {
    const english = voice('en-US');
    const { synth, said } = fakeSynth([voice('de-DE'), english]);
    const engine = synthesisEngine({ synth, lang: 'en', utterance });
    await expect(engine.speak('Added', 0.6)).resolves.toBe('done');
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ text: 'Added', lang: 'en', volume: 0.6, voice: english });
  });

  it('gives a system voice the screen’s money and ids as they are: it says them as money', async () => {
    const { synth, said } = fakeSynth([voice('en-US', { name: 'Google US English' })]);
    const engine = synthesisEngine({ synth, lang: 'en', utterance });
    await engine.speak('Sweater, $89.95. Your receipt is Receipt-1732000000000-45.', 1);
    expect(said[0]?.text).toBe('Sweater, $89.95. Your receipt is Receipt-1732000000000-45.');
  });

  it('gives a system voice that is espeak-ng underneath money in words', async () => {
    const { synth, said } = fakeSynth([
      voice('en-US', { name: 'English (America)+espeak', voiceURI: 'espeak-ng' }),
    ]);
    const engine = synthesisEngine({ synth, lang: 'en', utterance });
    await engine.speak('Sweater, $89.95.', 1);
    expect(said[0]?.text).toBe('Sweater, 89 dollars and 95 cents.');
  });

  it('stops at once when cancelled, and does not wait for a voice that never ends', async () => {
    vi.useFakeTimers();
    const synth = { getVoices: () => [], speak: vi.fn(), cancel: vi.fn() };
    const engine = synthesisEngine({
      synth: synth as unknown as SpeechSynthesis,
      lang: 'en',
      utterance,
    });
    const first = engine.speak('Hello', 1);
    engine.cancel();
    await expect(first).resolves.toBe('done');
    expect(synth.cancel).toHaveBeenCalled();
    const stuck = engine.speak('Hello', 1);
    await vi.advanceTimersByTimeAsync(6000);
    await expect(stuck).resolves.toBe('done');
  });
});

/** An <audio> element that plays at once and ends when told. */
function fakeAudio() {
  const audio = Object.assign(new EventTarget(), {
    src: '',
    volume: 1,
    play: vi.fn(() => Promise.resolve()),
    pause: vi.fn(),
    setSinkId: vi.fn(() => Promise.resolve()),
  });
  const typed: typeof audio & SpeechAudio = audio;
  return typed;
}

const WAV = new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 65, 86, 69]);

describe('the espeak-ng voice through an <audio> element', () => {
  it('plays the WAV main made, on the named output, at the volume asked', async () => {
    const audio = fakeAudio();
    const synthesize = vi.fn(() => Promise.resolve(WAV));
    const revokeUrl = vi.fn();
    const engine = audioEngine({
      synthesize,
      lang: 'en',
      outputDevice: 'Headset',
      createAudio: () => audio,
      listOutputs: () =>
        Promise.resolve([
          { deviceId: 'default', label: 'Default', kind: 'audiooutput' },
          { deviceId: 'mic', label: 'USB Headset Mic', kind: 'audioinput' },
          { deviceId: 'usb-7', label: 'USB Headset Analog Stereo', kind: 'audiooutput' },
        ]),
      createUrl: () => 'blob:app://shop/1',
      revokeUrl,
    });
    const spoken = engine.speak('Paid $24.53.', 0.5);
    await vi.waitFor(() => expect(audio.play).toHaveBeenCalled());
    // espeak-ng would say "dollar twenty-four point five three": it is given words.
    expect(synthesize).toHaveBeenCalledWith('Paid 24 dollars and 53 cents.', 'en');
    expect(audio.setSinkId).toHaveBeenCalledWith('usb-7');
    expect(audio).toMatchObject({ src: 'blob:app://shop/1', volume: 0.5 });
    audio.dispatchEvent(new Event('ended'));
    await expect(spoken).resolves.toBe('done');
    expect(revokeUrl).toHaveBeenCalledWith('blob:app://shop/1');
  });

  it('reports a failure when main has no speech, so another voice can say it', async () => {
    const engine = audioEngine({
      synthesize: () => Promise.resolve(null),
      lang: 'en',
      outputDevice: null,
      createAudio: fakeAudio,
    });
    await expect(engine.speak('Hello', 1)).resolves.toBe('failed');
  });

  it('plays on the default output, with a warning, when the named one is not there', async () => {
    const audio = fakeAudio();
    const warn = vi.fn();
    const engine = audioEngine({
      synthesize: () => Promise.resolve(WAV),
      lang: 'en',
      outputDevice: 'Headset',
      createAudio: () => audio,
      listOutputs: () => Promise.resolve([]),
      createUrl: () => 'blob:x',
      revokeUrl: () => undefined,
      warn,
    });
    const spoken = engine.speak('Hi', 1);
    await vi.waitFor(() => expect(audio.play).toHaveBeenCalled());
    expect(audio.setSinkId).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no audio output "Headset"'));
    engine.cancel();
    await expect(spoken).resolves.toBe('done');
    expect(audio.pause).toHaveBeenCalled();
  });

  it('finds an output by id, by its whole label, or by part of it', () => {
    const outputs = [
      { deviceId: 'a1', label: 'Speakers', kind: 'audiooutput' as const },
      { deviceId: 'b2', label: 'USB Headset', kind: 'audiooutput' as const },
    ];
    expect(findOutput(outputs, 'b2')).toBe('b2');
    expect(findOutput(outputs, 'usb headset')).toBe('b2');
    expect(findOutput(outputs, 'Headset')).toBe('b2');
    expect(findOutput(outputs, 'HDMI')).toBeNull();
  });
});

describe('which voice speaks', () => {
  const engine = (name: string, outcome: 'done' | 'failed' = 'done') => {
    const heard: string[] = [];
    const it: SpeechEngine = {
      speak: (text) => {
        heard.push(`${name}:${text}`);
        return Promise.resolve(outcome);
      },
      cancel: vi.fn(),
    };
    return { it, heard };
  };

  it('the system’s voices while they list any, espeak-ng when they list none', async () => {
    const system = engine('system');
    const audio = engine('espeak');
    const voices: SpeechSynthesisVoice[] = [];
    const synth = { getVoices: () => voices } as unknown as SpeechSynthesis;
    const routed = routedEngine(system.it, { synth, audio: audio.it, outputDevice: null });
    await routed.speak('one', 1);
    voices.push(voice('en-US'));
    await routed.speak('two', 1);
    expect([...audio.heard, ...system.heard]).toEqual(['espeak:one', 'system:two']);
  });

  it('espeak-ng first when speech must go to a headset, the system’s voices if it fails', async () => {
    const system = engine('system');
    const audio = engine('espeak', 'failed');
    const synth = { getVoices: () => [voice('en-US')] } as unknown as SpeechSynthesis;
    const routed = routedEngine(system.it, { synth, audio: audio.it, outputDevice: 'Headset' });
    await expect(routed.speak('one', 1)).resolves.toBe('done');
    expect([...audio.heard, ...system.heard]).toEqual(['espeak:one', 'system:one']);
  });

  it('without the bridge, the system’s default voice even when it lists none', async () => {
    const system = engine('system');
    const synth = { getVoices: () => [] } as unknown as SpeechSynthesis;
    await routedEngine(system.it, { synth, audio: null, outputDevice: null }).speak('hi', 1);
    expect(system.heard).toEqual(['system:hi']);
  });
});
