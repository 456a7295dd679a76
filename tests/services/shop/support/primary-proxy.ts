/**
 * A TCP proxy to whichever PostgreSQL node Patroni says is the primary, as a chain puts
 * HAProxy in front of a Patroni cluster (`option httpchk GET /primary`, `on-marked-down
 * shutdown-sessions`): node-postgres 8 takes one host per URL and has no
 * `target_session_attrs`, so the service is given this proxy's address instead.
 *
 * Every `checkMs` each node's REST API is asked `GET /primary`; new connections go to the
 * one node answering 200. While none does (or, briefly, two do), a connection is closed at
 * once, so the service answers 503 rather than wait. When the primary changes, the
 * sessions to the old one are cut, as HAProxy's shutdown-sessions cuts them.
 */
import { createConnection, createServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { restartablePort } from '../../../../tools/cluster/restartable-port';
import { isPrimary } from './patroni-cluster';

export interface ProxiedNode {
  name: string;
  port: number;
  apiPort: number;
}

export interface PrimaryProxy {
  port: number;
  /** The node new connections go to, or null while there is no primary. */
  target(): ProxiedNode | null;
  close(): Promise<void>;
}

export async function startPrimaryProxy(
  nodes: readonly ProxiedNode[],
  taken: Set<number>,
  checkMs = 250,
): Promise<PrimaryProxy> {
  let target: ProxiedNode | null = null;
  const sessions = new Map<Socket, { node: ProxiedNode; upstream: Socket }>();
  const server = createServer((client) => {
    const node = target;
    if (node === null) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: '127.0.0.1', port: node.port });
    sessions.set(client, { node, upstream });
    const end = () => {
      sessions.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await restartablePort({ taken });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  const check = async () => {
    const answers = await Promise.all(nodes.map((node) => isPrimary(node.apiPort)));
    const primaries = nodes.filter((_node, index) => answers[index]);
    const next = primaries.length === 1 ? (primaries[0] ?? null) : null;
    if (next === target) return;
    target = next;
    for (const [client, session] of sessions) {
      if (session.node !== next) {
        client.destroy();
        session.upstream.destroy();
      }
    }
  };
  const state = { closed: false };
  await check();
  const checking = (async () => {
    for (;;) {
      await sleep(checkMs);
      if (state.closed) return;
      await check();
    }
  })();
  return {
    port,
    target: () => target,
    async close() {
      state.closed = true;
      await checking;
      for (const [client, session] of sessions) {
        client.destroy();
        session.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
