/**
 * A loopback TCP proxy between a kiosk and the broker that can go silent: it keeps both
 * sockets open but forwards nothing, as a pulled network cable or a frozen machine does.
 * Only then must the broker notice by the keepalive, and publish the Last Will.
 */
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

export interface TcpProxy {
  url: string;
  /** Stops forwarding in both directions without closing anything. */
  silence(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let silent = false;
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = createConnection({ host: '127.0.0.1', port: targetPort });
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    inbound.on('data', (chunk) => {
      if (!silent) outbound.write(chunk);
    });
    outbound.on('data', (chunk) => {
      if (!silent) inbound.write(chunk);
    });
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    silence: () => {
      silent = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
