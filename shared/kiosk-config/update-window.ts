/**
 * The nightly maintenance window as config sets it (`update.window`): "HH:MM-HH:MM" in local
 * time, which may wrap midnight ("23:30-01:00"). The kiosk's rules over it are
 * electron/main/updates/update-window.ts.
 */

export const WINDOW_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

export interface UpdateWindow {
  /** Minutes after local midnight. */
  start: number;
  end: number;
}

/** null for '' (no window) or anything that is not a window of some length. */
export function parseUpdateWindow(text: string): UpdateWindow | null {
  const match = WINDOW_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, startH, startM, endH, endM] = match.map(Number);
  const start = (startH ?? 0) * 60 + (startM ?? 0);
  const end = (endH ?? 0) * 60 + (endM ?? 0);
  return start === end ? null : { start, end };
}
