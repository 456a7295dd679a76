/**
 * The nightly maintenance window, "HH:MM-HH:MM" in local time; it may wrap midnight
 * ("23:30-01:00"). Inside it an update installs (and the scheduled relaunch runs) at any
 * moment nobody is being served; outside it only after two minutes untouched on the
 * attract screen.
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

function minuteOfDay(date: Date): number {
  return date.getHours() * 60 + date.getMinutes() + date.getSeconds() / 60;
}

export function isInsideWindow(window: UpdateWindow | null, at: Date): boolean {
  if (!window) return false;
  const minute = minuteOfDay(at);
  return window.start < window.end
    ? minute >= window.start && minute < window.end
    : minute >= window.start || minute < window.end;
}

/** The next moment the window opens, strictly after `at` (local time, DST-aware). */
export function nextWindowStart(window: UpdateWindow, at: Date): Date {
  const candidate = new Date(at);
  candidate.setHours(Math.floor(window.start / 60), window.start % 60, 0, 0);
  if (candidate.getTime() <= at.getTime()) candidate.setDate(candidate.getDate() + 1);
  return candidate;
}

/** When the window that is open at `at` closes. */
export function windowEnd(window: UpdateWindow, at: Date): Date {
  const end = new Date(at);
  end.setHours(Math.floor(window.end / 60), window.end % 60, 0, 0);
  if (end.getTime() <= at.getTime()) end.setDate(end.getDate() + 1);
  return end;
}
