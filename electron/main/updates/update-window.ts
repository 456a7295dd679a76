/**
 * When the nightly maintenance window (shared/kiosk-config/update-window.ts reads it from
 * config) is open, and when it opens and closes next. Inside it an update installs (and the
 * scheduled relaunch runs) at any moment nobody is being served; outside it only after two
 * minutes untouched on the attract screen.
 */
import type { UpdateWindow } from '../../../shared/kiosk-config/update-window';

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
