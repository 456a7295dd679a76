/**
 * The kiosk's launch script's own part (src/launch.ts), run on every launch before the app's
 * code: it watches for anybody at the kiosk, and asks for the painter
 * (paint-launch-screen.ts, src/launch-paint.ts) only when a screen was kept for this very
 * launch, so a launch with none reads a few hundred bytes more than before, not the painter.
 * Imports nothing of the app's: the launch script bundles it on its own.
 */
import { PAINTED_MARK, TOUCHED } from './launch-marks';
import { LAUNCH_SCREEN_KEY, launchKey } from './launch-screen';

/**
 * Marks the page TOUCHED at anybody's first touch or key, from the launch's first moment:
 * the screen the app shows from then on is theirs, not the launch's, and is not kept
 * (keep-when-idle.ts).
 */
export function watchForTouches(doc: Document): void {
  const touched = (): void => {
    doc.documentElement.dataset[PAINTED_MARK] = TOUCHED;
  };
  for (const type of ['pointerdown', 'keydown']) {
    doc.addEventListener(type, touched, { capture: true, passive: true, once: true });
  }
}

/** Where the page names the painter (vite-plugins/launch-screen.mts). */
export const PAINTER_ATTRIBUTE = 'data-paint';

/** The painter's file as the page may name it: one of the build's own. */
const PAINTER_FILE = /^\.\/assets\/launch-paint-[\w-]+\.js$/;

/** Whether a screen was kept for this launch's key (the painter checks all the rest). */
export function keptForThisLaunch(
  doc: Document,
  bridge: unknown,
  stored: (key: string) => string | null,
): boolean {
  const key = launchKey(doc, bridge, stored);
  try {
    const kept = JSON.parse(stored(LAUNCH_SCREEN_KEY) ?? 'null') as { key?: unknown } | null;
    return key !== null && kept?.key === key;
  } catch {
    return false;
  }
}

/**
 * The painter, asked for right here in the page, when a screen was kept for this launch:
 * written into the page after this script, the parser runs it before it reads on, so it
 * paints before the app's code runs, as if the page had named it itself.
 */
export function askForThePainter(
  doc: Document,
  script: HTMLOrSVGScriptElement | null,
  bridge: unknown,
  stored: (key: string) => string | null,
): boolean {
  const painter = script?.getAttribute(PAINTER_ATTRIBUTE) ?? '';
  if (!PAINTER_FILE.test(painter) || !keptForThisLaunch(doc, bridge, stored)) return false;
  // Deprecated, and the one way to have the parser run a script before it reads on: a script
  // added to the page any other way runs whenever it likes, maybe after the app.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  doc.write(`<script src="${painter}"></script>`);
  return true;
}
