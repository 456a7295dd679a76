/**
 * The one way the shop talks to its catalogue: a GET for JSON with a deadline and a size
 * cap. What each answer means (a product list, one product) is for its endpoint's file
 * (products-query.ts, product-query.ts), which also validates it.
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
 * unknown id with 200 and nothing), a body of more than `maxBytes` (counted as they arrive,
 * after the transfer's own decompression) or one that is not JSON fails with `failure`; no answer within `timeoutMs` (the body's last byte included) fails
 * with TIMED_OUT. A caller's own cancel stays a cancel.
 */
export async function getCatalogueJson(
  url: string,
  failure: string,
  signal: AbortSignal | undefined,
  timeoutMs: number,
  maxBytes: number,
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
    body = await readCappedText(response, maxBytes, url, failure);
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

function tooLarge(url: string, maxBytes: number, failure: string): CatalogueError {
  console.warn(`[catalogue] ${url} answered more than ${maxBytes} bytes; not read`);
  return new CatalogueError(failure);
}

/**
 * The body as text (UTF-8, as Response.text() reads it), counted as it streams in: a
 * Content-Length over the cap fails before a byte is read, and a body that passes the cap
 * while arriving is cancelled there, so at most `maxBytes` plus one chunk is ever held.
 */
async function readCappedText(
  response: Response,
  maxBytes: number,
  url: string,
  failure: string,
): Promise<string> {
  const declared = response.headers.get('Content-Length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(url, maxBytes, failure);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(url, maxBytes, failure);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
