/**
 * The load's HTTP/1.1 client: one keep-alive socket per worker, each request written as
 * one buffer (request line, headers and body made up front where they do not change) and
 * each answer read off the socket by its Content-Length. The load runs on the same two
 * cores as the service and its database, and node:http's client (its parser, its agent,
 * an IncomingMessage stream an answer) cost it about a third of a millisecond a request,
 * which the figures would count against the service. Every answer is still read in full,
 * status, the headers the load needs and body, and checked by the job that sent it.
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  /** The first Set-Cookie's name=value, if the answer set one. */
  cookie: string | null;
  body: string;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** The request as bytes: what a job sends, made once when nothing in it changes. */
export function requestBytes(
  path: string,
  host: string,
  headers: Readonly<Record<string, string>>,
  body: string,
): Buffer {
  const lines = [`POST ${path} HTTP/1.1`, `host: ${host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(`content-length: ${Buffer.byteLength(body)}`, '', body);
  return Buffer.from(lines.join('\r\n'));
}

function headerValue(head: string, name: string): string | null {
  const at = head.toLowerCase().indexOf(`\r\n${name}:`);
  if (at < 0) return null;
  const start = at + name.length + 3;
  const end = head.indexOf('\r\n', start);
  return head.slice(start, end < 0 ? undefined : end).trim();
}

/** One keep-alive connection that sends a request and reads its answer, one at a time. */
export class RawConnection {
  readonly #socket: Socket;
  #pending: Buffer = Buffer.alloc(0);
  #waiting: { resolve(answer: RawAnswer): void; reject(error: Error): void } | null = null;
  #failed: Error | null = null;

  constructor(port: number, host: string) {
    this.#socket = connect({ port, host, noDelay: true });
    this.#socket.on('data', (chunk: Buffer) => {
      this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
      this.#take();
    });
    const fail = (error: Error) => {
      this.#failed = error;
      this.#waiting?.reject(error);
      this.#waiting = null;
    };
    this.#socket.on('error', fail);
    this.#socket.on('close', () => fail(new Error('the service closed the connection')));
  }

  send(bytes: Uint8Array): Promise<RawAnswer> {
    if (this.#failed) return Promise.reject(this.#failed);
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.#socket.write(bytes);
    });
  }

  close(): void {
    this.#socket.destroy();
  }

  #take(): void {
    const headEnd = this.#pending.indexOf(HEAD_END);
    if (headEnd < 0 || !this.#waiting) return;
    const head = this.#pending.toString('latin1', 0, headEnd);
    const length = Number(headerValue(head, 'content-length') ?? Number.NaN);
    if (!Number.isInteger(length)) {
      this.#waiting.reject(new Error('an answer without a Content-Length'));
      this.#waiting = null;
      this.#socket.destroy();
      return;
    }
    const bodyStart = headEnd + HEAD_END.length;
    if (this.#pending.length < bodyStart + length) return;
    const body = this.#pending.toString('utf8', bodyStart, bodyStart + length);
    this.#pending = this.#pending.subarray(bodyStart + length);
    const cookie = headerValue(head, 'set-cookie')?.split(';')[0] ?? null;
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting.resolve({ status: Number(head.slice(9, 12)), cookie, body });
  }
}
