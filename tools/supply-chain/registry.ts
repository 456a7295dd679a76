/**
 * The npm registry, as the supply-chain scripts talk to it: which one (`--registry`, else
 * the `npm_config_registry` that `npm run … --registry=URL` or an .npmrc exports, else the
 * public one) and one JSON request with a deadline. Every way it can go wrong ends in a
 * RegistryError that says what happened, for the scripts to fail on, never to pass on.
 */

export const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';
export const REGISTRY_TIMEOUT_MS = 30_000;

export class RegistryError extends Error {
  override name = 'RegistryError';
  /** The HTTP status when the registry answered with an error one; null when it did not answer. */
  readonly status: number | null;

  constructor(message: string, status: number | null = null) {
    super(message);
    this.status = status;
  }
}

/**
 * Statuses that mean "this registry has no such endpoint": a read-only mirror answers the
 * advisory POST with 405. Still no answer, so still a failure, but one a caller may name.
 */
export const NO_ENDPOINT_STATUSES: readonly number[] = [404, 405, 501];

/** The registry's base URL, always ending in `/` so paths resolve under it. */
export function registryBase(flag: string | undefined, env: NodeJS.ProcessEnv): URL {
  const raw = flag?.trim() || env.npm_config_registry?.trim() || DEFAULT_REGISTRY;
  let url: URL;
  try {
    url = new URL(raw.endsWith('/') ? raw : `${raw}/`);
  } catch {
    throw new RegistryError(`the registry "${raw}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new RegistryError(`the registry "${raw}" is not an http(s) URL`);
  }
  return url;
}

function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? cause.message : '';
  return detail && detail !== error.message ? `${error.message} (${detail})` : error.message;
}

/** GET or POST `url` and return its JSON body, or throw a RegistryError saying why not. */
export async function registryJson(
  url: URL,
  init: { method?: 'GET' | 'POST'; body?: unknown; accept?: string } = {},
  timeoutMs = REGISTRY_TIMEOUT_MS,
): Promise<unknown> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { accept: init.accept ?? 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new RegistryError(
      timedOut
        ? `${method} ${url.href} got no answer within ${timeoutMs / 1000} s`
        : `${method} ${url.href} could not reach the registry: ${describeCause(error)}`,
    );
  }
  if (!response.ok) {
    throw new RegistryError(
      `${method} ${url.href} answered HTTP ${response.status} ${response.statusText}`.trim(),
      response.status,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RegistryError(`${method} ${url.href} answered with something that is not JSON`);
  }
}
