/**
 * The last error line the kiosk logged, for the fleet's health: what an operator looks at
 * first when a kiosk misbehaves. The logger feeds it (logging.ts); it keeps one line, made
 * safe for a JSON field a console shows: the first line only, no control characters, and
 * bounded to what the health schema allows.
 */

/** The health schema's bound for `lastError`. */
export const MAX_ERROR_LINE = 500;

export interface LastErrorLine {
  /** Takes a logged error message; an empty one leaves the last line as it was. */
  record(message: string): void;
  /** The last error line, or null when none was logged since start. */
  current(): string | null;
}

export function createLastErrorLine(): LastErrorLine {
  let last: string | null = null;
  return {
    record: (message) => {
      const [first = ''] = message.split(/\r\n|\r|\n/u);
      const line = first
        .replace(/\p{Cc}+/gu, ' ')
        .trim()
        .slice(0, MAX_ERROR_LINE);
      if (line !== '') last = line;
    },
    current: () => last,
  };
}
