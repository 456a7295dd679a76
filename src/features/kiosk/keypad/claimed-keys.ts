/**
 * Keys a control has already answered, so the page-wide keypad leaves them alone without
 * the control cancelling the browser's own default (Escape in a search field still clears
 * it) or stopping the event for other listeners (the idle timer, speech).
 */
const claimed = new WeakSet<Event>();

export function claimKey(event: Event): void {
  claimed.add(event);
}

export function isClaimed(event: Event): boolean {
  return claimed.has(event);
}
