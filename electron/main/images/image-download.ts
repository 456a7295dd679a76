/**
 * One network download that every identical request in flight reads at once, streamed:
 * no body is ever held whole in memory. Each reader holds at most a chunk or two; the
 * next chunk is pulled from the network only when every reader has taken the last one
 * (and the optional sink, the cache's file, has written it), so a slow reader slows the
 * download instead of filling memory. Time-limited: the answer's head must arrive within
 * `connectMs`, the whole body within `bodyMs` after it; past either, the transfer is cut
 * and every reader gets an error. No Electron import.
 */

export interface DownloadTimeouts {
  /** From the request to the answer's status and headers. */
  connectMs: number;
  /** From the headers to the body's last byte. */
  bodyMs: number;
}

export const DEFAULT_DOWNLOAD_TIMEOUTS: DownloadTimeouts = { connectMs: 10_000, bodyMs: 30_000 };

/** The real network: Electron's net.fetch in the kiosk, the global fetch in tests. */
export type NetworkFetch = (request: Request, init?: { signal?: AbortSignal }) => Promise<Response>;

/** Where the body is also written while it streams (the cache's temporary file). */
export interface BodySink {
  /** False once the sink gave up on this body (too large, not an image). */
  readonly wanted: boolean;
  write(chunk: Uint8Array): Promise<void>;
  /** The body arrived whole. */
  finish(): Promise<void>;
  /** The transfer failed or nobody wants it any more. */
  abort(): Promise<void>;
}

export class DownloadTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/** The statuses whose answer has no body (a Response refuses one for them). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** One reader's side: a stream that asks for the next chunk only when it has room. */
class Branch {
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private wake: (() => void) | null = null;
  cancelled = false;
  readonly stream: ReadableStream<Uint8Array>;

  constructor(onCancel: (branch: Branch) => void) {
    this.stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        pull: () => {
          this.release();
        },
        cancel: () => {
          this.cancelled = true;
          this.release();
          onCancel(this);
        },
      },
      { highWaterMark: 1 },
    );
  }

  /** Resolves once this reader has room for another chunk (or has gone). */
  ready(): Promise<void> {
    if (this.cancelled || (this.controller?.desiredSize ?? 1) > 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  enqueue(chunk: Uint8Array): void {
    if (!this.cancelled) this.controller?.enqueue(chunk);
  }

  close(): void {
    if (!this.cancelled) this.controller?.close();
  }

  error(reason: unknown): void {
    if (!this.cancelled) this.controller?.error(reason);
  }

  /** Stops a wait for room: the download is over. */
  interrupt(): void {
    this.release();
  }

  private release(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

export interface SharedDownloadOptions {
  request: Request;
  fetch: NetworkFetch;
  timeouts: DownloadTimeouts;
  /** Decides, from the answer's head, whether the body is also written somewhere. */
  sinkFor?: (response: Response) => Promise<BodySink | null>;
}

export class SharedDownload {
  private readonly branches = new Set<Branch>();
  private readonly head: Promise<Response>;
  private sink: BodySink | null = null;
  private bodyStarted = false;
  /** Settles when the transfer is over, however it ended; never rejects. */
  readonly settled: Promise<void>;
  /** The answer for the request that started the download. */
  readonly response: Promise<Response>;

  constructor(private readonly options: SharedDownloadOptions) {
    const controller = new AbortController();
    this.head = this.fetchHead(controller);
    this.response = this.branchResponse();
    this.settled = this.head
      .then((response) => this.pump(response, controller))
      .catch(() => undefined);
  }

  /** A reader may still join: no byte of the body has been read yet. */
  get joinable(): boolean {
    return !this.bodyStarted;
  }

  /** Still writing to its sink: a late request is best served from the result. */
  get storing(): boolean {
    return this.sink?.wanted ?? false;
  }

  /** A Response that streams this download from its first byte; null once too late. */
  join(): Promise<Response> | null {
    return this.joinable ? this.branchResponse() : null;
  }

  private branchResponse(): Promise<Response> {
    const branch = new Branch((gone) => this.branches.delete(gone));
    this.branches.add(branch);
    return this.head.then(
      (response) => {
        const hasBody = response.body !== null && !NULL_BODY_STATUSES.has(response.status);
        return new Response(hasBody ? branch.stream : null, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      },
      (error: unknown) => {
        this.branches.delete(branch);
        throw error;
      },
    );
  }

  private async fetchHead(controller: AbortController): Promise<Response> {
    const { request, fetch, timeouts } = this.options;
    const timer = setTimeout(() => {
      controller.abort(
        new DownloadTimeoutError(`No answer within ${timeouts.connectMs} ms from ${request.url}`),
      );
    }, timeouts.connectMs);
    try {
      return await withAbort(fetch(request, { signal: controller.signal }), controller.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  private async pump(response: Response, controller: AbortController): Promise<void> {
    const { request, timeouts, sinkFor } = this.options;
    this.sink = (await sinkFor?.(response).catch(() => null)) ?? null;
    if (!response.body || NULL_BODY_STATUSES.has(response.status)) {
      this.bodyStarted = true;
      this.branches.clear();
      await this.sink?.abort();
      return;
    }
    const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
    // No Promise.race against one long-lived deadline: every race would stay attached to
    // it, holding each chunk it settled with until the deadline passed: the whole body.
    const deadline: { expired: Error | null } = { expired: null };
    const timer = setTimeout(() => {
      const expired = new DownloadTimeoutError(
        `Body not complete within ${timeouts.bodyMs} ms: ${request.url}`,
      );
      deadline.expired = expired;
      controller.abort(expired);
      // Ends a pending read; wakes a wait for slow readers.
      reader.cancel(expired).catch(() => undefined);
      for (const branch of this.branches) branch.interrupt();
    }, timeouts.bodyMs);
    const checkDeadline = (): void => {
      if (deadline.expired) throw deadline.expired;
    };
    try {
      for (;;) {
        await Promise.all([...this.branches].map((branch) => branch.ready()));
        checkDeadline();
        if (this.branches.size === 0 && !this.storing) {
          throw new Error('Nobody reads this body any more');
        }
        const { done, value } = await reader.read();
        checkDeadline();
        if (done) break;
        this.bodyStarted = true;
        if (this.sink?.wanted) await this.sink.write(value);
        for (const branch of this.branches) branch.enqueue(value);
      }
      this.bodyStarted = true;
      await this.sink?.finish();
      for (const branch of this.branches) branch.close();
    } catch (caught) {
      const error: unknown = deadline.expired ?? caught;
      controller.abort(error);
      reader.cancel(error).catch(() => undefined);
      await this.sink?.abort();
      for (const branch of this.branches) branch.error(error);
    } finally {
      clearTimeout(timer);
      this.branches.clear();
    }
  }
}

/**
 * Some fetch implementations ignore their signal; the timeout must hold for them too. An
 * answer that comes after all has its body cancelled, so its connection is let go.
 */
function withAbort(promise: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => {
      const reason: unknown = signal.reason;
      reject(reason instanceof Error ? reason : new Error(String(reason)));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise
      .then((response) => {
        if (signal.aborted) response.body?.cancel().catch(() => undefined);
        resolve(response);
      }, reject)
      .finally(() => {
        signal.removeEventListener('abort', onAbort);
      });
  });
}
