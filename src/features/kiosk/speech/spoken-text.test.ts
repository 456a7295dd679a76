import { describe, expect, it } from 'vitest';
import { espeakText, isEspeakVoice, moneyWords, spokenText } from './spoken-text';

describe('money spoken as money by espeak-ng', () => {
  it.each([
    ['$89.95', '89 dollars and 95 cents'],
    ['$1.00', '1 dollar'],
    ['$1.01', '1 dollar and 1 cent'],
    ['$0.50', '50 cents'],
    ['$0.00', '0 dollars'],
    ['$1,234.56', '1234 dollars and 56 cents'],
    ['$12,000', '12000 dollars'],
    ['-$8.99', 'minus 8 dollars and 99 cents'],
    [
      'Total: $107.94, Savings -$9.00.',
      'Total: 107 dollars and 94 cents, Savings minus 9 dollars.',
    ],
  ])('%s is said as %j', (text, spoken) => {
    expect(espeakText(text)).toBe(spoken);
  });

  it('leaves money as the screen shows it for the system’s voices, which say it as money', () => {
    expect(spokenText('Total: $107.94, Savings -$9.00.')).toBe('Total: $107.94, Savings -$9.00.');
  });

  it('keeps whole dollars singular and plural right', () => {
    expect(moneyWords('2', '01')).toBe('2 dollars and 1 cent');
    expect(moneyWords('1', '', true)).toBe('minus 1 dollar');
  });
});

describe('other screen text', () => {
  it.each([
    ['1 / 4', '1 of 4'],
    ['2 × Classic Oxford Shirt', '2 of Classic Oxford Shirt'],
    ['Qty 3', 'quantity 3'],
    ['Total (incl. tax)', 'Total including tax'],
    ['Store Pickup FREE', 'Store Pickup free'],
    ['  many   spaces\n', 'many spaces'],
  ])('%j is said as %j', (text, spoken) => {
    expect(spokenText(text)).toBe(spoken);
  });
});

describe('a receipt id', () => {
  it('is read digit by digit by espeak-ng, and left as shown for the system’s voices', () => {
    const id = 'Receipt-1732000000000-45';
    expect(espeakText(`Your receipt is ${id}.`)).toBe(
      'Your receipt is Receipt 1 7 3 2, 0 0 0 0, 0 0 0 0, 0, dash, 4 5.',
    );
    expect(spokenText(`Your receipt is ${id}.`)).toBe(`Your receipt is ${id}.`);
  });
});

describe('which system voices are espeak-ng underneath', () => {
  it.each([
    [{ name: 'English (America)+espeak', voiceURI: 'x' }, true],
    [{ name: 'en-us', voiceURI: 'espeak-ng:en-us' }, true],
    [{ name: 'Google US English', voiceURI: 'Google US English' }, false],
    [{ name: 'Microsoft Aria Online', voiceURI: 'Microsoft Aria' }, false],
  ])('%j → %s', (voice, espeak) => {
    expect(isEspeakVoice(voice)).toBe(espeak);
  });
});
