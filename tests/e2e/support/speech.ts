/**
 * A recorder for the kiosk's speech: window.speechSynthesis.speak is replaced
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
