/**
 * A recorder for the kiosk's speech (issue 23): window.speechSynthesis.speak is replaced
 * before the app starts, so every utterance's text lands in window.__spoken and ends at
 * once; nothing is played. What a blind shopper would have heard, in order.
 */
import type { Page } from '@playwright/test';

export async function recordSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const spoken: string[] = [];
    Object.assign(window, { __spoken: spoken });
    window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      spoken.push(utterance.text);
      // Ended at once (not by a timer: the tests' clock may be stopped).
      queueMicrotask(() => utterance.dispatchEvent(new Event('end')));
    };
    window.speechSynthesis.cancel = () => undefined;
  });
}

export function spoken(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);
}

export async function transcript(page: Page): Promise<string> {
  return (await spoken(page)).join(' ');
}

/** "$1,089.95" as the kiosk says it: "1089 dollars and 95 cents". */
export function spokenMoney(text: string): string {
  const match = /^(-?)\$([\d,]+)(?:\.(\d\d))?$/.exec(text.trim());
  if (!match) throw new Error(`not money: ${text}`);
  const dollars = Number((match[2] ?? '0').replaceAll(',', ''));
  const cents = Number(match[3] ?? '0');
  const parts = [];
  if (dollars > 0 || cents === 0) parts.push(`${dollars} dollar${dollars === 1 ? '' : 's'}`);
  if (cents > 0) parts.push(`${cents} cent${cents === 1 ? '' : 's'}`);
  return `${match[1] ? 'minus ' : ''}${parts.join(' and ')}`;
}

/** "Receipt-1732000000000-45" as the kiosk says it: its digits one by one, in fours. */
export function spokenReceiptId(id: string): string {
  const [, time = '', serial = ''] = /^Receipt-(\d+)-(\d+)$/.exec(id) ?? [];
  const digits = (text: string) =>
    (text.match(/\d{1,4}/g) ?? []).map((group) => group.split('').join(' ')).join(', ');
  return `Receipt ${digits(time)}, dash, ${digits(serial)}`;
}
