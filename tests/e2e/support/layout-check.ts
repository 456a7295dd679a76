/**
 * Text a shopper cannot read whole, as the long-text layout tests look for it (the
 * pseudo-locale is 40 % longer than English, German runs long):
 * - clipped: an element that hides what overflows it holds more than it shows (a word
 *   cut at a button's edge), or text runs past the screen's edges, or the page scrolls
 *   sideways;
 * - overlapping: two lines of text from different elements drawn over each other.
 * Text is compared within its own layer (the page, the sticky header, a fixed bar, a
 * dialog, the attract screen, the on-screen keyboard): a layer over another covers it by
 * design. What is meant to be cut (a card's catalogue title, clamped to two lines) and what
 * only screen readers get are left out.
 */
import type { Page } from '@playwright/test';

export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const name = (element: Element): string => {
      const text = element.textContent.replace(/\s+/g, ' ').trim().slice(0, 50);
      const tag = element.tagName.toLowerCase();
      return `${tag}${element.id ? `#${element.id}` : ''} "${text}"`;
    };

    /** Visually hidden for screen readers only (`sr-only`: clipped to nothing). */
    const screenReaderOnly = (element: Element): boolean => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (
          style.clipPath === 'inset(50%)' ||
          style.getPropertyValue('clip') === 'rect(0px, 0px, 0px, 0px)'
        ) {
          return true;
        }
      }
      return false;
    };

    /** Cut on purpose: line-clamped catalogue text, whose whole is in its title attribute. */
    const clampedOnPurpose = (element: Element): boolean =>
      element.closest('[class*="line-clamp"]') !== null;

    /** The layer an element is drawn in: its nearest fixed, sticky or top-layer ancestor. */
    const layerOf = (element: Element): Element => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const position = getComputedStyle(at).position;
        if (position === 'fixed' || position === 'sticky') return at;
        if (at instanceof HTMLDialogElement && at.open) return at;
      }
      return document.documentElement;
    };

    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(
        `the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`,
      );
    }

    // Clipped: a box that hides its overflow, holding more than it shows.
    for (const element of document.body.querySelectorAll('*')) {
      if (!(element instanceof HTMLElement) || element.closest('[hidden], svg')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const hides =
        ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (!hides || !element.textContent.trim()) continue;
      if (screenReaderOnly(element) || clampedOnPurpose(element)) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        problems.push(`clipped: ${name(element)} ${element.scrollWidth} > ${element.clientWidth}`);
      }
    }

    // Every line of visible text, with its element and layer.
    interface Line {
      element: Element;
      layer: Element;
      box: DOMRect;
    }
    const lines: Line[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.trim()) continue;
      if (element.closest('script, style, template, option, [hidden]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      if (screenReaderOnly(element)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const layer = layerOf(element);
      // A clamped text's lines past its clamp (below its content box: its padding may
      // hold a sliver of the next line's empty top) are not drawn: only the shown ones count.
      const clamped = element.closest('[class*="line-clamp"]');
      const clampEnd = clamped
        ? clamped.getBoundingClientRect().bottom -
          parseFloat(getComputedStyle(clamped).paddingBottom) -
          parseFloat(getComputedStyle(clamped).borderBottomWidth)
        : Infinity;
      for (const box of range.getClientRects()) {
        if (box.width < 1 || box.height < 1) continue;
        if (box.top >= clampEnd - 1) continue;
        lines.push({ element, layer, box });
        if ((box.right > width + 1 || box.left < -1) && !clampedOnPurpose(element)) {
          problems.push(
            `off the screen: ${name(element)} at ${Math.round(box.left)}–${Math.round(box.right)}`,
          );
        }
      }
    }

    // Overlapping: lines of different elements, in one layer, drawn over each other.
    const across = (a: DOMRect, b: DOMRect): number =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const down = (a: DOMRect, b: DOMRect): number =>
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    const reported = new Set<string>();
    for (let i = 0; i < lines.length; i += 1) {
      const a = lines[i]!;
      for (let j = i + 1; j < lines.length; j += 1) {
        const b = lines[j]!;
        if (a.element === b.element || a.layer !== b.layer) continue;
        // A glyph box's edge into the next line's (tight leading) is not text on text: a
        // third of a line's height is, side by side by more than a sliver.
        const smaller = Math.min(a.box.height, b.box.height);
        if (across(a.box, b.box) <= 4 || down(a.box, b.box) <= smaller / 3) continue;
        const key = `${name(a.element)} / ${name(b.element)}`;
        if (reported.has(key)) continue;
        reported.add(key);
        problems.push(`overlapping: ${key}`);
      }
    }
    return problems;
  });
}
