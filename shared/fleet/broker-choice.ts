/**
 * Which broker of a cluster to try: the kiosk's fleet client and the console's broker
 * worker both connect to one of several equal brokers (fleet.brokerUrls). The first is
 * drawn at random, so a fleet that starts together spreads over the nodes; after a refused
 * or lost connection the next is drawn at random from the others, so a client whose node
 * died does not knock on it again while the rest of the cluster is up. When to try is the
 * backoff's concern (backoff.ts); this file only says where.
 */

/** The most brokers a list may name: a cluster has a handful of nodes, not hundreds. */
export const MAX_BROKER_URLS = 16;

/** `random` returns [0, 1); anything outside is clamped, so a broken source cannot overflow. */
function drawIndex(length: number, random: () => number): number {
  const drawn = Math.floor(random() * length);
  return Number.isFinite(drawn) ? Math.min(length - 1, Math.max(0, drawn)) : 0;
}

/**
 * One URL of `urls` drawn at random; with `leaving` (the broker just lost or refused), one
 * of the others when there are others; and of those, one not in `avoid` (brokers nothing
 * listened on a moment ago: a crashed node) when there is one. Throws on an empty list: a
 * caller without brokers has no fleet and never asks.
 */
export function pickBrokerUrl(
  urls: readonly string[],
  random: () => number,
  leaving?: string,
  avoid: ReadonlySet<string> = new Set(),
): string {
  if (urls.length === 0) throw new Error('no broker to pick from');
  const others = leaving === undefined ? urls : urls.filter((url) => url !== leaving);
  const reachable = others.filter((url) => !avoid.has(url));
  const pool = reachable.length > 0 ? reachable : others.length > 0 ? others : urls;
  // One broker: no draw, so a single-broker client's random source feeds its backoff alone.
  const index = pool.length === 1 ? 0 : drawIndex(pool.length, random);
  const picked = pool[index];
  if (picked === undefined) throw new Error('no broker to pick from');
  return picked;
}

/** Splits a comma-separated list as a person types it (spaces around commas, empty items). */
export function splitBrokerList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The longest node name a status may carry (a scheme, a host name, a port). */
export const MAX_NODE_NAME = 300;

/**
 * The name of the node a broker URL reaches, as a kiosk says it in its status and the will
 * keeper (services/will-keeper/will-keeper.ts) matches it: scheme, host and port, lower case,
 * never a login or a path. Null for text that is not such a URL.
 */
export function nodeName(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host === '') return null;
  const name = `${parsed.protocol}//${parsed.host}`.toLowerCase();
  return name.length <= MAX_NODE_NAME ? name : null;
}
