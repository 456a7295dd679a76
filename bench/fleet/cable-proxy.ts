/**
 * A loopback TCP proxy between some simulated kiosks and the broker whose cable can be
 * pulled: from then on it forwards nothing and closes nothing on the broker's side, as a
 * pulled network cable or a frozen machine does. Only the broker's keepalive can then tell
 * that those kiosks are gone (after 1.5 × their keepalive), which is what the bench times.
 * A crashed kiosk, by contrast, closes its socket and is noticed at once.
 */
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

export interface CableProxy {
  /** mqtt:// URL of the proxy, for the kiosks behind it. */
  url: string;
  /** Kiosk-to-broker connections open through it now. */
  readonly connections: number;
  /** When bytes last went from the kiosk to the broker (ms since the epoch), or null. */
  readonly lastForwardedAt: number | null;
  /** Forwards nothing more either way; broker-side sockets stay open until close(). */
  pull(): void;
  close(): Promise<void>;
}

export async function startCableProxy(brokerPort: number): Promise<CableProxy> {
  let pulled = false;
  const sockets = new Set<Socket>();
  let connections = 0;
  let lastForwardedAt: number | null = null;
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((kiosk) => {
    if (pulled) {
      kiosk.destroy();
      return;
    }
    const broker = createConnection({ host: '127.0.0.1', port: brokerPort });
    track(kiosk);
    track(broker);
    connections += 1;
    kiosk.on('data', (chunk) => {
      if (pulled) return;
      broker.write(chunk);
      lastForwardedAt = Date.now();
    });
    broker.on('data', (chunk) => {
      if (!pulled) kiosk.write(chunk);
    });
    // Before the cable is pulled a close travels through, as on a real network.
    kiosk.on('close', () => {
      connections -= 1;
      if (!pulled) broker.destroy();
    });
    broker.on('close', () => {
      if (!pulled) kiosk.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    get lastForwardedAt() {
      return lastForwardedAt;
    },
    pull: () => {
      pulled = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
