/**
 * Loopback ports for servers the tests stop and start again on the same port (a broker, a
 * cluster's node). A port the kernel hands out for `listen(0)` comes from its ephemeral
 * range, the same range it picks outgoing connections' source ports from: while such a
 * server is down, a client reconnecting elsewhere can take its port, and the restart then
 * fails with "address already in use". A port below that range is never given to an
 * outgoing connection, so it stays free for the server's return.
 */
import { readFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';

/** Linux's default first ephemeral port, when the system's own setting cannot be read. */
export const DEFAULT_EPHEMERAL_LOW = 32_768;
/** The lowest port handed out: above the well-known and most registered services' ports. */
export const LOWEST_PORT = 20_000;

const RANGE_FILE = '/proc/sys/net/ipv4/ip_local_port_range';

/**
 * The first port of the system's ephemeral range, from the text of `ip_local_port_range`
 * ("32768\t60999"). A missing, unreadable or implausible setting gives the default.
 */
export function ephemeralLow(
  rangeText: () => string = () => readFileSync(RANGE_FILE, 'utf8'),
): number {
  let text: string;
  try {
    text = rangeText();
  } catch {
    return DEFAULT_EPHEMERAL_LOW;
  }
  const low = Number(text.trim().split(/\s+/)[0]);
  // Room for a few thousand ports above LOWEST_PORT, or the range is not one to trust.
  return Number.isInteger(low) && low > LOWEST_PORT + 1_000 && low <= 65_535
    ? low
    : DEFAULT_EPHEMERAL_LOW;
}

/** Whether a server can listen on 127.0.0.1:`port` now. */
export function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Whether something listens on 127.0.0.1:`port` now: a connection to it is taken. */
export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface RestartablePortOptions {
  /** Ports already given to this run's other servers; the port returned is added to it. */
  taken?: Set<number>;
  /** First port of the ephemeral range (default: the system's). */
  ephemeralLow?: number;
  /** A number in [0, 1) (default Math.random): where the search starts. */
  random?: () => number;
  /** Whether a port is free now (default: can a server listen on it). */
  isFree?: (port: number) => Promise<boolean>;
}

/**
 * A free loopback port in [LOWEST_PORT, ephemeral low), not in `taken` (and then added to it,
 * so a run asking for several gets each once). The search starts at
 * a random port, so test files starting servers at the same moment rarely try the same one,
 * and walks up from there; it fails after 200 ports.
 */
export async function restartablePort(options: RestartablePortOptions = {}): Promise<number> {
  const high = (options.ephemeralLow ?? ephemeralLow()) - 1;
  const span = high - LOWEST_PORT + 1;
  const random = options.random ?? Math.random;
  const isFree = options.isFree ?? canListen;
  const start = Math.floor(random() * span);
  for (let step = 0; step < Math.min(200, span); step += 1) {
    const port = LOWEST_PORT + ((start + step) % span);
    if (options.taken?.has(port)) continue;
    if (await isFree(port)) {
      options.taken?.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${LOWEST_PORT} and ${high}`);
}
