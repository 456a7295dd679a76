import { describe, expect, it, vi } from 'vitest';
import { Speaker, speechParts } from './speaker';
import type { SpeechEngine } from './speech-engine';

/** An engine that holds each part until the test lets it end. */
function heldEngine() {
  const heard: { text: string; volume: number }[] = [];
  let end: () => void = () => undefined;
  const engine: SpeechEngine = {
    speak: (text, volume) =>
      new Promise((resolve) => {
        heard.push({ text, volume });
        end = () => resolve('done');
      }),
    cancel: vi.fn(() => end()),
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { engine, heard, finish: async () => (end(), settle()), settle };
}

describe('the speaker', () => {
  it('says things in order, in spoken form', async () => {
    const { engine, heard, finish, settle } = heldEngine();
    const speaker = new Speaker(engine);
    speaker.say('Added Silver Ring to the cart.');
    speaker.say('Cart: 1 item, total $26.76 including tax.');
    await settle();
    expect(heard.map((part) => part.text)).toEqual(['Added Silver Ring to the cart.']);
    await finish();
    expect(heard.map((part) => part.text)).toEqual([
      'Added Silver Ring to the cart.',
      'Cart: 1 item, total $26.76 including tax.',
    ]);
  });

  it('goes on, not over, when the words it is saying arrive again; the repeat key starts over', async () => {
    const { engine, heard, finish, settle } = heldEngine();
    const speaker = new Speaker(engine);
    speaker.say('Products, page 1 of 4, 6 products.');
    await settle();
    speaker.say('Products, page 1 of 4, 6 products.', { interrupt: true });
    await settle();
    expect(engine.cancel).not.toHaveBeenCalled();
    await finish();
    expect(heard.map((part) => part.text)).toEqual(['Products, page 1 of 4, 6 products.']);
    speaker.say('Products, page 1 of 4, 6 products.');
    await settle();
    speaker.repeat();
    await finish();
    expect(heard.map((part) => part.text)).toEqual([
      'Products, page 1 of 4, 6 products.',
      'Products, page 1 of 4, 6 products.',
      'Products, page 1 of 4, 6 products.',
    ]);
  });

  it('drops what it was saying and what waits when interrupted', async () => {
    const { engine, heard, finish, settle } = heldEngine();
    const speaker = new Speaker(engine);
    speaker.say('One.');
    speaker.say('Two.');
    await settle();
    speaker.say('Three.', { interrupt: true });
    await settle();
    expect(engine.cancel).toHaveBeenCalled();
    await finish();
    expect(heard.map((part) => part.text)).toEqual(['One.', 'Three.']);
  });

  it('says the last thing again, not its own remarks', async () => {
    const { engine, heard, finish } = heldEngine();
    const speaker = new Speaker(engine);
    speaker.say('Quantity 2, edit, use up and down to change');
    await finish();
    speaker.changeVolume(1);
    await finish();
    speaker.repeat();
    await finish();
    expect(heard.map((part) => part.text)).toEqual([
      'Quantity 2, edit, use up and down to change',
      'Volume 90 percent.',
      'Quantity 2, edit, use up and down to change',
    ]);
  });

  it('steps the volume between 10 and 100 percent, never to silence', async () => {
    const { engine, heard, finish } = heldEngine();
    const speaker = new Speaker(engine);
    expect(speaker.volume).toBe(0.8);
    for (let step = 0; step < 12; step += 1) speaker.changeVolume(-1);
    await finish();
    expect(speaker.volume).toBe(0.1);
    expect(heard.at(-1)?.text).toBe('Volume 10 percent, the quietest.');
    for (let step = 0; step < 12; step += 1) speaker.changeVolume(1);
    await finish();
    expect(speaker.volume).toBe(1);
    expect(heard.at(-1)).toEqual({ text: 'Volume 100 percent, the loudest.', volume: 1 });
  });

  it('is silent after stop', async () => {
    const { engine, heard, finish } = heldEngine();
    const speaker = new Speaker(engine);
    speaker.say('One. Two.');
    speaker.stop();
    await finish();
    expect(heard.map((part) => part.text)).toEqual(['One. Two.']);
  });
});

describe('speech in parts', () => {
  it('keeps short sentences together and splits long speech at sentences', () => {
    expect(speechParts('One. Two.', 20)).toEqual(['One. Two.']);
    expect(speechParts('First sentence. Second sentence.', 20)).toEqual([
      'First sentence.',
      'Second sentence.',
    ]);
  });

  it('splits a sentence too long at its words, and never loses one', () => {
    const long = 'word '.repeat(30).trim();
    const parts = speechParts(long, 40);
    expect(parts.every((part) => part.length <= 40)).toBe(true);
    expect(parts.join(' ')).toBe(long);
  });
});
