/**
 * MQTT over WebSockets in front of a broker that speaks MQTT over TCP only: each WebSocket
 * (subprotocol `mqtt`) is piped byte for byte to a fresh TCP connection to the broker, and
 * closing either side closes the other. Nothing of MQTT is read here; the broker still
 * checks every login and permission. nats-server 2.9 serves MQTT on TCP only (its
 * `websocket` listener speaks the NATS protocol), so the console reaches a NATS node through
 * this, as it would through websockify in a shop (docs/fleet/cluster.md).
 */
import { createServer as createHttpServer } from 'node:http';
import { connect as connectTcp, type AddressInfo } from 'node:net';
import { WebSocketServer, type RawData } from 'ws';

export interface WsTcpBridge {
  readonly url: string;
  readonly port: number;
  /** Ends every piped connection and stops listening. */
  close(): Promise<void>;
}

function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** Listens on 127.0.0.1:`port` (0: a free one) and pipes to 127.0.0.1:`targetPort`. */
export async function startWsTcpBridge(port: number, targetPort: number): Promise<WsTcpBridge> {
  const http = createHttpServer();
  const sockets = new WebSocketServer({
    server: http,
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false),
  });
  sockets.on('connection', (socket) => {
    const tcp = connectTcp({ host: '127.0.0.1', port: targetPort });
    const pending: Buffer[] = [];
    let open = false;
    tcp.on('connect', () => {
      open = true;
      for (const chunk of pending.splice(0)) tcp.write(chunk);
    });
    tcp.on('data', (chunk) => socket.send(chunk, { binary: true }));
    tcp.on('error', () => socket.terminate());
    tcp.on('close', () => socket.close());
    socket.on('message', (data) => {
      const chunk = bytesOf(data);
      if (open) tcp.write(chunk);
      else pending.push(chunk);
    });
    socket.on('close', () => tcp.destroy());
    socket.on('error', () => tcp.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (http.address() as AddressInfo).port;
  return {
    url: `ws://127.0.0.1:${bound}`,
    port: bound,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
