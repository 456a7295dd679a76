/**
 * What speech asks of the cart: its facts now, and a call after each change. The app hands
 * one to the speech mode (speech-mode.tsx), which passes it to the narrator
 * (speech-narrator.tsx); speech never imports the cart itself.
 */
import type { CartFacts } from './page-words';

export interface CartReport {
  /** Calls `listener` after every change to the cart; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
  facts(): CartFacts;
}
