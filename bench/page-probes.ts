/**
 * Code the bench runs inside the page. The app has no bench hooks and gets none: probes
 * find elements the way a shopper does (visible texts from the spec, landmarks, ARIA
 * names), watch the DOM with a MutationObserver and take the time at the next paint
 * (requestAnimationFrame, then a task: the frame that shows the change has been produced).
 *
 * These functions are serialized into the page, so they must not use anything of this
 * module's scope: everything they need is inside them or passed as their argument.
 */

/** What a page load waits for. */
export type LoadTarget =
  /** The first product card with its 'Add to Cart' button. */
  | { kind: 'first-card' }
  /** An h1 with this text, e.g. the product title on /product/1. */
  | { kind: 'heading'; text: string }
  /** Clicks the first 'Add to Cart' as soon as it exists (again every 50 ms until one is answered); waits for the cart badge. */
  | { kind: 'add-to-cart' }
  /** Kiosk: clicks 'Start Shoping' as soon as it exists, then waits for the first card. */
  | { kind: 'start-then-first-card' };

/** What the load probe logs once it has its figure (load-timings.ts waits for it). */
export const LOAD_DONE_MESSAGE = 'bench:load-done';

/** Times in ms since navigation start (performance.timeOrigin). */
export interface LoadProbeState {
  done: boolean;
  /** The target was first in the DOM and laid out. */
  matchedAt?: number;
  /** The next frame after that (its animation frame callbacks): the figure. */
  paintedAt?: number;
  /** The first task after that frame (the older figure, kept for comparison). */
  frameAt?: number;
  /** The first synthetic click (add-to-cart, kiosk start). */
  firstClickAt?: number;
  clicks: number;
}

export type ProbeWindow = Window & {
  __benchLoad?: LoadProbeState;
  __benchArm?: (label: string) => void;
  __benchResult?: () => Promise<InteractionTiming>;
};

/**
 * An init script (runs before the app's scripts on every navigation of the page).
 * esbuild, which tsx uses, wraps named inner functions in `__name(…)` to keep their names;
 * the page has no such helper, so a pass-through one is declared around the function.
 */
export function initScript<A>(probe: (arg: A) => void, arg: A): { content: string } {
  const body = probe.toString();
  return {
    content: `(() => { const __name = (target) => target; (${body})(${JSON.stringify(arg)}); })();`,
  };
}

export function installLoadProbe(target: LoadTarget): void {
  const state: LoadProbeState = { done: false, clicks: 0 };
  (window as ProbeWindow).__benchLoad = state;

  const laidOut = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const withText = (selector: string, text: string): HTMLElement | undefined =>
    Array.from(document.querySelectorAll<HTMLElement>(selector)).find(
      (element) => element.textContent.trim() === text && laidOut(element),
    );
  // Any card's button, not only an <article>'s: the compared shop's cards are plain divs.
  const addButton = (): HTMLElement | undefined => withText('main button', 'Add to Cart');
  const cartAnswered = (): boolean =>
    Array.from(document.querySelectorAll('header a[aria-label^="Cart, "]')).some((link) =>
      /^Cart, [1-9]/.test(link.getAttribute('aria-label') ?? ''),
    );

  // A click as a shopper's would come: in a task of its own, not inside a DOM callback.
  let clicking = false;
  const clickUntilAnswered = (find: () => HTMLElement | undefined, answered: () => boolean) => {
    if (clicking) return;
    clicking = true;
    const attempt = (): void => {
      if (state.done || answered()) return;
      const element = find();
      if (element) {
        state.firstClickAt ??= performance.now();
        state.clicks += 1;
        element.click();
      }
      if (state.clicks < 200) setTimeout(attempt, 50);
    };
    setTimeout(attempt, 0);
  };

  const reached = (): boolean => {
    switch (target.kind) {
      case 'first-card':
        return addButton() !== undefined;
      case 'heading':
        return withText('h1', target.text) !== undefined;
      case 'add-to-cart':
        if (cartAnswered()) return true;
        if (addButton()) clickUntilAnswered(addButton, cartAnswered);
        return false;
      case 'start-then-first-card':
        if (addButton()) return true;
        if (withText('a', 'Start Shoping')) {
          clickUntilAnswered(
            () => withText('a', 'Start Shoping'),
            () => addButton() !== undefined,
          );
        }
        return false;
    }
  };

  const observer = new MutationObserver(() => {
    if (state.matchedAt !== undefined || !reached()) return;
    state.matchedAt = performance.now();
    observer.disconnect();
    // The figure is the start of the first frame after the target is in the DOM and laid
    // out (reached() measured it, so that frame has only its paint left to do). The first
    // task after that frame, the older figure, is kept beside it: while a page loads,
    // Chromium's scheduler runs loading work (images arriving, each SVG parsed as a
    // document on the main thread) before it, so it timed the images, not the card.
    requestAnimationFrame(() => {
      state.paintedAt = performance.now();
      performance.mark('bench:target-painted', { startTime: state.paintedAt });
      setTimeout(() => {
        state.frameAt = performance.now();
        state.done = true;
        // The bench waits for this message rather than polling the page: each poll, and
        // the helper script Playwright injects for its first one, would take the page's
        // main thread in the middle of the load being timed.
        console.debug('bench:load-done'); // LOAD_DONE_MESSAGE (no module scope in here)
      }, 0);
    });
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    characterData: true,
  });
}

/** One interaction on /products, in ms from the input event's timestamp. */
export interface InteractionTiming {
  /** Input → the grid's DOM holds other cards. */
  inputToDom: number;
  /** Input → the next paint after that (performance.measure between two marks). */
  inputToPaint: number;
}

/**
 * Installs window.__benchArm(label) and window.__benchResult(). Arm before the input: it
 * notes the cards shown (their headings) and the timestamp of the next click, submit or
 * select change; the result settles at the next paint after the cards differ.
 */
export function installInteractionProbe(timeoutMs: number): void {
  const probeWindow = window as ProbeWindow;
  // The grid's cards as their headings: every heading of the page's main landmark, so the
  // same probe reads this shop's <article> cards and the compared shop's <div> ones.
  const cards = (): string =>
    Array.from(
      document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6'),
      (heading) => heading.textContent,
    ).join('\n');
  let pending: Promise<InteractionTiming> | undefined;

  probeWindow.__benchArm = (label: string): void => {
    const before = cards();
    let inputAt: number | undefined;
    const onInput = (event: Event): void => {
      // A text field fires 'change' when it loses focus, as the finger lands on Search:
      // that is not the input. A select's change is (a category picked from a list).
      if (event.type === 'change' && !(event.target instanceof HTMLSelectElement)) return;
      inputAt ??= event.timeStamp;
    };
    const inputs = ['click', 'change', 'submit'] as const;
    for (const type of inputs) window.addEventListener(type, onInput, { capture: true });
    const stopListening = (): void => {
      for (const type of inputs) window.removeEventListener(type, onInput, { capture: true });
    };

    pending = new Promise<InteractionTiming>((resolve, reject) => {
      const giveUp = setTimeout(() => {
        observer.disconnect();
        stopListening();
        reject(new Error(`${label}: the product grid did not change within ${timeoutMs} ms`));
      }, timeoutMs);
      const observer = new MutationObserver(() => {
        if (cards() === before) return;
        const domAt = performance.now();
        observer.disconnect();
        clearTimeout(giveUp);
        requestAnimationFrame(() => {
          setTimeout(() => {
            const paintedAt = performance.now();
            stopListening();
            if (inputAt === undefined) {
              reject(new Error(`${label}: the grid changed before any input`));
              return;
            }
            performance.mark(`${label}:input`, { startTime: inputAt });
            performance.mark(`${label}:painted`, { startTime: paintedAt });
            const measure = performance.measure(label, `${label}:input`, `${label}:painted`);
            // Left in place, hundreds of entries would show up in the heap figures.
            performance.clearMarks(`${label}:input`);
            performance.clearMarks(`${label}:painted`);
            performance.clearMeasures(label);
            resolve({ inputToDom: domAt - inputAt, inputToPaint: measure.duration });
          }, 0);
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    // Rejections are read through __benchResult; this keeps an early one from going unhandled.
    pending.catch(() => undefined);
  };

  probeWindow.__benchResult = (): Promise<InteractionTiming> =>
    pending ?? Promise.reject(new Error('__benchArm was not called'));
}

export type TapWindow = Window & {
  __benchTap?: { arm: () => void; result: () => Promise<number> };
};

/**
 * Installs window.__benchTap for a tap on 'Start Shoping': arm() before the tap; result()
 * settles with the ms from that tap's click (its event timestamp) to the next paint after
 * the first product card with its 'Add to Cart' button is laid out.
 */
export function installTapProbe(timeoutMs: number): void {
  let pending: Promise<number> | undefined;
  const laidOut = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const cardShown = (): boolean =>
    Array.from(document.querySelectorAll('main button')).some(
      (button) => button.textContent.trim() === 'Add to Cart' && laidOut(button),
    );
  const arm = (): void => {
    let clickAt: number | undefined;
    const onClick = (event: Event): void => {
      clickAt ??= event.timeStamp;
    };
    window.addEventListener('click', onClick, { capture: true });
    pending = new Promise<number>((resolve, reject) => {
      const giveUp = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`no product card within ${timeoutMs} ms of the tap`));
      }, timeoutMs);
      const observer = new MutationObserver(() => {
        if (clickAt === undefined || !cardShown()) return;
        const from = clickAt;
        observer.disconnect();
        clearTimeout(giveUp);
        window.removeEventListener('click', onClick, { capture: true });
        // As the load probe: the start of the next frame, which has only its paint left.
        requestAnimationFrame(() => resolve(performance.now() - from));
      });
      observer.observe(document, {
        childList: true,
        subtree: true,
        attributes: true,
        characterData: true,
      });
    });
    pending.catch(() => undefined);
  };
  (window as TapWindow).__benchTap = {
    arm,
    result: () => pending ?? Promise.reject(new Error('__benchTap.arm was not called')),
  };
}
