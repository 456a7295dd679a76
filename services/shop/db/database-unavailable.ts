/**
 * Whether an error means the database cannot be reached just now, rather than that a query
 * is wrong: the connection was refused, reset or timed out, the server is shutting down or
 * starting, or the server reached is a standby (read-only) while a new primary is chosen.
 * The service answers those 503 with Retry-After, so a counter retries its claim with the
 * same handoverId (and is told it won, should the first attempt have committed) instead of
 * reading a 500 as a fault. Nothing is retried here: a claim's outcome is the database's to
 * decide, and the counter's retry asks it again.
 */

/** Node's socket errors that mean no connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going, coming or not the primary: class 08 (connection
 * exception), 57P01–57P03 (admin or crash shutdown, cannot connect now), 25006 (a read-only
 * transaction: the node was demoted, or a standby was reached), 53300 (too many connections).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '25006', '53300']);

/** node-postgres's own words when a connection ends, or it or a query gives up waiting. */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (SOCKET_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
      return true;
    }
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && CLIENT_MESSAGES.some((pattern) => pattern.test(message))) {
    return true;
  }
  // Node's connect to several addresses fails with an AggregateError of each attempt's.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.length > 0) {
    return inner.every((each) => isDatabaseUnavailable(each, depth + 1));
  }
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}
