/**
 * The one way the shop talks to its catalogue: a GET for JSON with a deadline. What each
 * answer means (a product list, one product) is for its endpoint's file (products-query.ts,
 * product-query.ts), which also validates it.
 */

/** A catalogue failure with the message the shopper sees after 'Error: '. */
export class CatalogueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueError';
  }
}

export const TIMED_OUT = 'The catalogue did not answer in time';
/** An offline kiosk must not show skeletons forever: give up and offer 'Try again'. */
export const CATALOGUE_TIMEOUT_MS = 15_000;

/**
 * The JSON at `url`. A non-ok status, an empty body (the public FakeStore API answers an
 * unknown id with 200 and nothing) or a body that is not JSON fails with `failure`; no
 * answer within `timeoutMs` fails with TIMED_OUT. A caller's own cancel stays a cancel.
 */
export async function getCatalogueJson(
  url: string,
  failure: string,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let body: string;
  try {
    const response = await fetch(url, {
      signal: combined,
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new CatalogueError(failure);
    body = await response.text();
  } catch (error) {
    if (timeout.aborted && !signal?.aborted) throw new CatalogueError(TIMED_OUT);
    throw error;
  }
  if (!body.trim()) throw new CatalogueError(failure);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new CatalogueError(failure);
  }
}
