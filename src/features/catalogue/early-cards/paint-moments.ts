/**
 * When the early paint (early-cards.ts, early-product.ts) paints, and when it lets the app
 * start.
 */

/** Once the page is parsed: the script may run while the parser is still in the head. */
export function whenParsed(doc: Document): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });
}

const FRAME_WAIT_MS = 100;

/** After the next frame (or a moment, where a hidden tab draws none). */
export function afterFrame(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => resolve();
    requestAnimationFrame(() => setTimeout(done, 0));
    setTimeout(done, FRAME_WAIT_MS);
  });
}

/** How long the app waits for the catalogue's answer at most before it starts anyway. */
export const ANSWER_WAIT_MS = 600;

/**
 * Paints `answer` with `paint` once the page is parsed, and resolves once a frame has shown
 * it, or the call failed (the app's query shows the failure, spec §8: nothing is painted),
 * or ANSWER_WAIT_MS have passed: past that the app starts and takes the page, and nothing
 * is painted under it.
 */
export async function paintWhenAnswered<T>(
  doc: Document,
  answer: Promise<T>,
  paint: (value: T) => void,
): Promise<void> {
  let late = false;
  const painted = answer.then(
    async (value) => {
      await whenParsed(doc);
      if (late) return;
      paint(value);
      await afterFrame();
    },
    () => undefined,
  );
  await Promise.race([painted, new Promise((resolve) => setTimeout(resolve, ANSWER_WAIT_MS))]);
  late = true;
}
