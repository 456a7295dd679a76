import { describe, expect, it } from 'vitest';
import { isTextField, speechKeyOf, turnsSpeechOn, type KeyFacts } from './speech-keys';

const key = (name: string, more: Partial<KeyFacts> = {}): KeyFacts => ({
  key: name,
  isTrusted: true,
  repeat: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...more,
});

describe('the key that turns speech on', () => {
  it.each(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Tab', 'Enter', ' '])(
    '%j does',
    (name) => {
      expect(turnsSpeechOn(key(name), false)).toBe(true);
    },
  );

  it.each([
    ['a letter', key('a')],
    ['Escape', key('Escape')],
    ['the on-screen keyboard’s Enter (a made-up event)', key('Enter', { isTrusted: false })],
    ['a held key', key('ArrowDown', { repeat: true })],
    ['a chord', key('Enter', { ctrlKey: true })],
    ['Alt+Tab', key('Tab', { altKey: true })],
  ])('%s does not', (_name, event) => {
    expect(turnsSpeechOn(event, false)).toBe(false);
  });

  it('leaves a dialog’s keys to the dialog', () => {
    expect(turnsSpeechOn(key('Enter'), true)).toBe(false);
  });
});

describe('the keys of speech once it is on', () => {
  it.each([
    ['F1', false, 'repeat'],
    ['F1', true, 'repeat'],
    ['r', false, 'repeat'],
    ['R', false, 'repeat'],
    ['r', true, null],
    ['h', false, 'help'],
    ['+', false, 'louder'],
    ['=', false, 'louder'],
    ['-', false, 'quieter'],
    ['-', true, null],
    ['AudioVolumeUp', true, 'louder'],
    ['AudioVolumeDown', false, 'quieter'],
    ['ArrowDown', false, null],
    ['Enter', false, null],
  ])('%j (in a text field: %s) is %j', (name, inField, action) => {
    expect(speechKeyOf(key(name), inField)).toBe(action);
  });

  it('knows where letters are typed', () => {
    const search = document.createElement('input');
    search.type = 'search';
    const box = document.createElement('input');
    box.type = 'checkbox';
    expect(isTextField(search)).toBe(true);
    expect(isTextField(document.createElement('textarea'))).toBe(true);
    expect(isTextField(box)).toBe(false);
    expect(isTextField(document.createElement('button'))).toBe(false);
    expect(isTextField(null)).toBe(false);
  });
});
