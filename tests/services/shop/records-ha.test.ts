/**
 * The shop service as a chain runs it, past one machine: three replicas of
 * `npm run shop-service` on one PostgreSQL made highly available by Patroni over a
 * three-member etcd, with synchronous replication, all on loopback (support/shop-chain.ts).
 * Counters claim the same receipts through all three replicas at once. Part-way, the
 * standbys fall behind (the primary's WAL senders stopped, as a slow network holds them
 * up) and then the primary dies as a machine dies (SIGKILL to Patroni and all of its
 * PostgreSQL); Patroni promotes the synchronous standby, the counters carry on, and the
 * killed node comes back as a standby.
 *
 * Then the history of every claim and answer is checked against the new primary's table
 * (support/history.ts): every handover a counter was told it made is there under its id,
 * no receipt has two winners, every loser was shown the handover kept. While there is no
 * primary, claims are refused (503), never decided; the longest such span is measured and
 * printed. With `synchronous_mode` off the same run hands receipts over twice: commits the
 * primary acknowledged while its standbys lagged die with it.
 *
 * Run alone with `npm run test:records-ha` (vitest.records-ha.config.mts; `.ci/run` runs it
 * after `npm test`); docs/services/shop-service.md, "A chain", has its figures.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { runCounters } from './support/counters';
import { etcdUnavailable } from './support/etcd-cluster';
import { checkHistory, refusals, tally, type Operation } from './support/history';
import {
  FAILOVER_TIMING,
  patroniUnavailable,
  superuserQuery,
  walSenderPids,
  type PatroniCluster,
  type PatroniNode,
} from './support/patroni-cluster';
import { startShopChain, type ShopChain } from './support/shop-chain';
import { loginCookie, makeWorld, receiptCode } from './support/shop-world';

const REPLICAS = 3;
const POSTGRES_NODES = 3;
const COUNTERS = 6;
const RECEIPTS = 150;
/** Answered claims before the primary is killed: about a third of them. */
const KILL_AFTER = 300;
/** How long the standbys lag (the primary's WAL senders stopped) before the primary dies. */
const LAG_MS = 1500;
/**
 * The most a switch may refuse claims for: the forced lag, the leader key's `ttl` (12 s),
 * the time strict mode waits for a standby to stream from the new primary, and the
 * service's own timeouts (5 s to connect, 5 s per query), with room for a loaded machine.
 * Measured: 17–20 s.
 */
const MAX_REFUSAL_MS = 45_000;

const skipReason = etcdUnavailable() ?? patroniUnavailable();
if (skipReason) console.log(`[records-ha] skipped: ${skipReason}`);

const world = makeWorld(1);
/** Teardown steps, run last first; each runs even when another fails. */
const teardown: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of teardown.reverse()) {
    await Promise.resolve()
      .then(step)
      .catch((error: unknown) => console.log(`[records-ha] teardown: ${String(error)}`));
  }
}, 120_000);

async function handoversOn(url: string): Promise<Map<string, string>> {
  const rows = await superuserQuery<{ receipt_id: string; handover_id: string }>(
    url,
    'select receipt_id, handover_id from handovers',
  );
  return new Map(rows.map((row) => [row.receipt_id, row.handover_id]));
}

interface Failover {
  dead: PatroniNode;
  killedAt: number;
  /** The node promoted, and when Patroni's REST API first said so. */
  promoted: PatroniNode;
  promotedAt: number;
  /** WAL senders stopped before the kill (one per streaming standby). */
  paused: number;
}

/** Holds the standbys back for LAG_MS, kills the primary, and waits for the next one. */
async function killPrimaryWhileStandbysLag(
  cluster: PatroniCluster,
  fallback: PatroniNode,
): Promise<Failover> {
  const dead = (await cluster.primary()) ?? fallback;
  const paused = await walSenderPids(cluster.url(dead));
  for (const pid of paused) process.kill(pid, 'SIGSTOP');
  await sleep(LAG_MS);
  const killedAt = Date.now();
  await dead.kill();
  const deadline = Date.now() + 90_000;
  for (;;) {
    const promoted = await cluster.primary();
    if (promoted !== null && promoted !== dead) {
      return { dead, killedAt, promoted, promotedAt: Date.now(), paused: paused.length };
    }
    if (Date.now() > deadline) throw new Error(`no new primary in 90 s:\n${cluster.log()}`);
    await sleep(100);
  }
}

/** Receipts with more than one winner, and winners whose handover the database lacks. */
function verdictFaults(history: readonly Operation[], stored: ReadonlyMap<string, string>) {
  const winners = new Map<string, Set<string>>();
  for (const op of history.filter((each) => each.outcome === 'won')) {
    winners.set(op.receipt, (winners.get(op.receipt) ?? new Set()).add(op.handoverId));
  }
  return {
    doubles: [...winners.values()].filter((ids) => ids.size > 1).length,
    lostAcknowledged: history.filter(
      (op) => op.outcome === 'won' && stored.get(op.receipt) !== op.handoverId,
    ).length,
  };
}

/** Each counter's session cookie, logged in on the replicas in turn. */
async function counterCookies(chain: ShopChain): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  for (let index = 1; index <= COUNTERS; index += 1) {
    const origin = chain.services[index % REPLICAS]?.origin ?? '';
    cookies.set(
      `Counter ${index}`,
      await loginCookie({ fetch: (r) => fetch(r) }, `counter-${index}`, origin),
    );
  }
  return cookies;
}

/** Starts the killed node again; how long until it is a standby holding `stored`. */
async function rejoin(chain: ShopChain, node: PatroniNode, stored: Map<string, string>) {
  const from = Date.now();
  node.start();
  await chain.cluster.settled(POSTGRES_NODES - 1, 120_000);
  const [state] = await superuserQuery<{ standby: boolean }>(
    chain.cluster.url(node),
    'select pg_is_in_recovery() as standby',
  );
  expect(state?.standby, `${node.name} came back as a standby`).toBe(true);
  const deadline = Date.now() + 30_000;
  let held = new Map<string, string>();
  while (Date.now() < deadline) {
    held = await handoversOn(chain.cluster.url(node, 'shop')).catch(() => new Map());
    if (held.size === stored.size) break;
    await sleep(250);
  }
  return { held, ms: Date.now() - from };
}

describe.skipIf(skipReason !== null)('the shop service on Patroni, its primary killed', () => {
  it('loses no acknowledged handover, hands none over twice, and refuses claims while there is no primary', async () => {
    const began = Date.now();
    const chain = await startShopChain({
      world,
      replicas: REPLICAS,
      postgresNodes: POSTGRES_NODES,
      counters: COUNTERS,
      teardown,
    });
    const origins = chain.services.map((service) => service.origin);
    const codes = new Map<string, string>();
    for (let index = 0; index < RECEIPTS; index += 1) {
      const { code, payload } = receiptCode(world.kiosks[0]!);
      codes.set(payload.r, code);
    }

    let failover: Promise<Failover> | undefined;
    let sent = 0;
    const claimsStarted = Date.now();
    const history = await runCounters({
      // Each claim to the next replica, as a round-robin load balancer sends them.
      origin: () => origins[(sent += 1) % REPLICAS] ?? '',
      cookies: await counterCookies(chain),
      codes,
      deadline: Date.now() + 150_000,
      onAnswer: (answered) => {
        if (answered === KILL_AFTER) {
          failover = killPrimaryWhileStandbysLag(chain.cluster, chain.first);
        }
      },
    });
    const claimsMs = Date.now() - claimsStarted;
    expect(failover, 'the primary was killed part-way').toBeDefined();
    const switched = await failover!;
    expect(switched.paused, 'both standbys were streaming, and were held back').toBe(2);

    const stored = await handoversOn(chain.cluster.url(switched.promoted, 'shop'));
    const counts = tally(history);
    const refused = refusals(history);
    const faults = verdictFaults(history, stored);
    const firstVerdict = Math.min(
      ...history
        .filter((op) => op.outcome !== 'unknown' && op.start >= switched.killedAt)
        .map((op) => op.end),
    );
    const figures = {
      ...faults,
      claims: history.length,
      ...counts,
      refused503: refused.statuses['503'] ?? 0,
      refusedOther: refused.refused - (refused.statuses['503'] ?? 0),
      unanswered: refused.unanswered,
      longestRefusalMs: refused.longestMs,
      standbyLagMs: LAG_MS,
      killToPromotionMs: switched.promotedAt - switched.killedAt,
      killToFirstVerdictMs: firstVerdict - switched.killedAt,
      claimsMs,
      clusterStartMs: chain.clusterStartMs,
      timing: FAILOVER_TIMING,
    };
    console.log(`[records-ha] ${JSON.stringify(figures)}`);
    expect(faults).toEqual({ doubles: 0, lostAcknowledged: 0 });
    expect(checkHistory(history, stored)).toEqual([]);
    expect(stored.size).toBe(RECEIPTS);
    expect(counts.won).toBeGreaterThanOrEqual(RECEIPTS);
    expect(refused.refused, 'claims were refused during the switch').toBeGreaterThan(0);
    expect(refused.longestMs, 'claims were refused for a bounded time').toBeLessThan(
      MAX_REFUSAL_MS,
    );
    // A refusal is a 503: never a 500, never a verdict.
    expect(figures.refusedOther).toBe(0);
    for (const service of chain.services) expect(service.output()).not.toMatch(/^error on /m);

    // The killed node comes back as a standby, rewound to the new timeline: it holds the
    // same handovers as the primary, none of the commits it made alone before it died.
    const rejoined = await rejoin(chain, switched.dead, stored);
    expect(rejoined.held).toEqual(stored);
    console.log(
      `[records-ha] ${switched.dead.name} killed, ${switched.promoted.name} promoted; ${switched.dead.name} back as a standby in ${rejoined.ms} ms; ${Date.now() - began} ms in all`,
    );
  }, 480_000);
});
