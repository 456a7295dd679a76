/**
 * A stand-in npm registry on 127.0.0.1: answers each request with what the test says, and
 * keeps what it was asked (method, path, JSON body) so tests can check the question too.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RegistryRequest {
  method: string;
  path: string;
  accept: string;
  body: unknown;
}

export interface Answer {
  status?: number;
  /** Sent as is when a string, else as JSON. */
  body: unknown;
}

export interface FakeRegistry {
  /** Base URL, ending in `/`. */
  url: string;
  requests: RegistryRequest[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => done(text));
    request.on('error', fail);
  });
}

export async function startFakeRegistry(
  answer: (request: RegistryRequest) => Answer,
): Promise<FakeRegistry> {
  const requests: RegistryRequest[] = [];
  const server: Server = createServer((request, response) => {
    void readBody(request).then((text) => {
      let body: unknown = text;
      try {
        body = text === '' ? null : (JSON.parse(text) as unknown);
      } catch {
        // Kept as text: the test sees what was sent.
      }
      const asked: RegistryRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        accept: request.headers.accept ?? '',
        body,
      };
      requests.push(asked);
      const { status = 200, body: reply } = answer(asked);
      const payload = typeof reply === 'string' ? reply : JSON.stringify(reply);
      response.writeHead(status, {
        'content-type': typeof reply === 'string' ? 'text/html' : 'application/json',
      });
      response.end(payload);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** A loopback URL nothing listens on: a port just released by a server of our own. */
export async function unreachableRegistryUrl(): Promise<string> {
  const registry = await startFakeRegistry(() => ({ body: {} }));
  await registry.close();
  return registry.url;
}
