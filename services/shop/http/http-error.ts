/**
 * An answer other than success, as the service gives every one: a status and JSON with a
 * short machine-readable `error` and a `message` a person can read, plus any fields the
 * client needs to act on (a refused receipt's reason, a locked login's end).
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { ...this.extra, error: this.code, message: this.message };
  }
}
