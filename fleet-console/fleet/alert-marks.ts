/**
 * The operator's marks on the console's alerts: acknowledged (still shown, quietly) and
 * cleared (hidden). Keyed by the alert's key, which names when its condition began, so a
 * condition that ends and comes back is a new, loud alert. Marks of alerts that no longer
 * exist are dropped, so the sets never outgrow the alert list.
 */
import type { FleetAlert } from './alerts';

export interface AlertMarks {
  acknowledged: ReadonlySet<string>;
  cleared: ReadonlySet<string>;
}

export const NO_MARKS: AlertMarks = { acknowledged: new Set(), cleared: new Set() };

export function acknowledge(marks: AlertMarks, key: string): AlertMarks {
  return { ...marks, acknowledged: new Set(marks.acknowledged).add(key) };
}

export function clear(marks: AlertMarks, key: string): AlertMarks {
  return { ...marks, cleared: new Set(marks.cleared).add(key) };
}

/** Keeps only the marks of alerts that still exist (the rest cleared by themselves). */
export function pruneMarks(marks: AlertMarks, alerts: readonly FleetAlert[]): AlertMarks {
  const live = new Set(alerts.map((alert) => alert.key));
  const keep = (set: ReadonlySet<string>) => new Set([...set].filter((key) => live.has(key)));
  const acknowledged = keep(marks.acknowledged);
  const cleared = keep(marks.cleared);
  return acknowledged.size === marks.acknowledged.size && cleared.size === marks.cleared.size
    ? marks
    : { acknowledged, cleared };
}
