/**
 * The embedded broker of `npm run fleet` with no --broker: aedes on loopback, MQTT over TCP
 * for kiosks and over WebSockets (ws 8) for the console. For a demo on one machine only:
 * it keeps nothing on disk and has no ACL. A shop runs Mosquitto, EMQX, HiveMQ or AWS IoT
 * Core (docs/fleet/broker.md).
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { Aedes } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';

export interface DemoBrokerOptions {
  /** 0 picks a free port; a busy port falls back to a free one. */
  tcpPort: number;
  wsPort: number;
  /** When given, every client must present exactly these. */
  credentials?: { username: string; password: string } | null;
}

export interface DemoBroker {
  tcpUrl: string;
  wsUrl: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

function sameText(given: Buffer | undefined, expected: string): boolean {
  const wanted = Buffer.from(expected, 'utf8');
  return given !== undefined && given.length === wanted.length && timingSafeEqual(given, wanted);
}

function listen(server: Server | HttpServer, port: number): Promise<number> {
  const attempt = (wanted: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(wanted, HOST, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  return attempt(port).catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== 'EADDRINUSE' || port === 0) throw error;
    return attempt(0);
  });
}

const closeServer = (server: Server | HttpServer): Promise<void> =>
  new Promise((resolve) => server.close(() => resolve()));

export async function startDemoBroker({
  tcpPort,
  wsPort,
  credentials = null,
}: DemoBrokerOptions): Promise<DemoBroker> {
  const broker = await Aedes.createBroker();
  if (credentials) {
    broker.authenticate = (_client, username, password, done) => {
      const ok = username === credentials.username && sameText(password, credentials.password);
      if (ok) {
        done(null, true);
        return;
      }
      // MQTT 3.1.1 CONNACK 4: bad user name or password.
      done(Object.assign(new Error('Bad user name or password'), { returnCode: 4 }), false);
    };
  }
  const tcp = createTcpServer(broker.handle);
  const http = createHttpServer();
  const sockets = new WebSocketServer({ server: http });
  sockets.on('connection', (socket, request) => {
    broker.handle(createWebSocketStream(socket), request);
  });
  const tcpBound = await listen(tcp, tcpPort);
  const wsBound = await listen(http, wsPort);
  return {
    tcpUrl: `mqtt://${HOST}:${tcpBound}`,
    wsUrl: `ws://${HOST}:${wsBound}`,
    async close() {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await Promise.all([closeServer(tcp), closeServer(http)]);
    },
  };
}
