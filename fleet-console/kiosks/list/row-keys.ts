/**
 * Which row of the kiosk table a key moves to. The table draws only the rows in view, so
 * Tab alone would walk 10,000 buttons: the arrows, Page Up/Down, Home and End move along the
 * list instead, and the table scrolls the row in and focuses its kiosk button. Pure, so the
 * rules are tested without a page.
 */

/** null: the key does not move (or there is nowhere to go). */
export function rowForKey(
  key: string,
  index: number,
  count: number,
  rowsPerPage: number,
): number | null {
  if (count === 0) return null;
  const last = count - 1;
  const page = Math.max(1, rowsPerPage);
  const target =
    key === 'ArrowDown'
      ? index + 1
      : key === 'ArrowUp'
        ? index - 1
        : key === 'PageDown'
          ? index + page
          : key === 'PageUp'
            ? index - page
            : key === 'Home'
              ? 0
              : key === 'End'
                ? last
                : null;
  if (target === null) return null;
  const clamped = Math.min(last, Math.max(0, target));
  return clamped === index ? null : clamped;
}
