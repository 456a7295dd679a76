/**
 * Staged rollouts end to end on a real Mosquitto with the ACL of docs/fleet/broker.md, and
 * simulated kiosks running the kiosk's own fleet code (signed remote config, health, Last
 * Will). Each "console" here is what the console's page runs: a watch fed by the broker, the
 * controller ticking on it, and the driver signing per-kiosk configs with the config key
 * loaded for the session (WebCrypto). A spy subscribed to every kiosk's config topic from the
 * start records every config the broker delivered, so "no other kiosk received it" is
 * checked on the broker itself, not on what the console believes it sent.
 */
import { webcrypto } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSimulatedKiosk,
  type SimulatedKiosk,
} from '../../../../tools/simulator/simulated-kiosk';
import type { Ed25519Signer } from '../../../../shared/fleet/trust/operator-signature';
import {
  resumeRollout,
  startRollout,
  LEASE_MS,
  type Advance,
} from '../../../../fleet-console/rollouts/engine/rollout-controller';
import {
  carryOut,
  publishState,
  tickRollout,
} from '../../../../fleet-console/rollouts/engine/rollout-driver';
import { observationsFor } from '../../../../fleet-console/rollouts/engine/rollout-observations';
import { selectKiosks } from '../../../../fleet-console/rollouts/engine/rollout-selector';
import {
  shownPhase,
  type RolloutPhase,
  type RolloutPlan,
  type RolloutState,
} from '../../../../fleet-console/rollouts/engine/rollout-state';
import {
  createRolloutWatch,
  type RolloutWatch,
} from '../../../../fleet-console/rollouts/engine/rollout-watch';
import {
  everyKiosk,
  everyRollout,
  kioskConfigTopic,
  parseKioskTopic,
  rolloutTopic,
} from '../../../../shared/fleet/topics';
import { SAMPLE_HEALTH } from '../../../support/fixtures/kiosk-health';
import { makeKeyPair } from '../../../support/fleet-keys';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../../support/mosquitto';

const skipReason = mosquittoUnavailable();
const IDS = Array.from({ length: 20 }, (_, index) => `sim-${String(index).padStart(2, '0')}`);
const COUNTER = { 'counter-1': 'counter-secret' };
/** A kiosk that trusts another config key: it refuses whatever the rollout signs for it. */
const STRANGER = 'sim-stranger';
/** A kiosk certified for paris-9 whose own status says lyon-1. */
const CLAIMER = 'sim-claims-lyon';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const subtle = webcrypto.subtle as unknown as Ed25519Signer<CryptoKey>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(read: () => T | undefined, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

interface TestConsole {
  holder: string;
  client: MqttClient;
  watch: RolloutWatch;
  state(id: string): RolloutState | null | undefined;
  /** One tick of this console on rollout `id` (`ahead`: as if that much later). */
  tick(id: string, ahead?: number): Promise<Advance | null>;
  publish(advance: Advance): Promise<void>;
  close(): Promise<void>;
}

describe.skipIf(skipReason !== null)('staged rollouts on Mosquitto', () => {
  let broker: Mosquitto;
  let configKey: CryptoKey;
  const operatorKey = makeKeyPair();
  const kiosks = new Map<string, SimulatedKiosk>();
  /** Every non-empty config the broker delivered on a kiosk's own topic, in order. */
  const delivered: { kioskId: string; at: number; config: Record<string, unknown> }[] = [];
  let spy: MqttClient;
  const consoles: TestConsole[] = [];

  const openConsole = async (holder: string): Promise<TestConsole> => {
    const watch = createRolloutWatch(broker.prefix);
    const client = await mqtt.connectAsync(broker.watchUrl, {
      ...broker.operator,
      clientId: `console-${holder}`,
      reconnectPeriod: 0,
    });
    client.on('message', (topic, payload) => watch.receive(topic, payload, Date.now()));
    await client.subscribeAsync(
      [
        everyKiosk(broker.prefix, 'status'),
        everyKiosk(broker.prefix, 'health'),
        everyKiosk(broker.prefix, 'config'),
        everyRollout(broker.prefix),
      ],
      { qos: 1 },
    );
    const publisher = {
      prefix: broker.prefix,
      publish: async (topic: string, payload: string, retain: boolean) => {
        await client.publishAsync(topic, payload, { qos: 1, retain });
      },
      key: configKey,
      subtle,
      publicKey: operatorKey.publicText,
      currentVersion: (kioskId: string) => watch.previous(kioskId).version,
      now: Date.now,
    };
    const testConsole: TestConsole = {
      holder,
      client,
      watch,
      state: (id) => watch.rollouts().get(id),
      tick: async (id, ahead = 0) => {
        const state = watch.rollouts().get(id);
        if (!state) return null;
        const advance = tickRollout({
          state,
          fleet: watch.fleet(),
          previous: watch.previous,
          observations: observationsFor(state.delivered, watch.kiosks()),
          configTopic: (kioskId) => kioskConfigTopic(broker.prefix, kioskId),
          now: Date.now() + ahead,
          holder,
        });
        if (advance) await carryOut(advance, publisher);
        return advance;
      },
      publish: (advance) => carryOut(advance, publisher),
      close: () => client.endAsync(true),
    };
    consoles.push(testConsole);
    return testConsole;
  };

  /** Ticks `on` every 100 ms until rollout `id` is in one of `phases`. */
  const driveUntil = async (
    on: TestConsole,
    id: string,
    phases: readonly RolloutPhase[],
    ms: number,
  ): Promise<RolloutState> => {
    const until = Date.now() + ms;
    for (;;) {
      await on.tick(id);
      const state = on.state(id);
      if (state && phases.includes(state.phase)) return state;
      if (Date.now() > until) {
        throw new Error(`rollout ${id} is ${state?.phase ?? 'missing'}, not ${phases.join('/')}`);
      }
      await sleep(100);
    }
  };

  const plan = (id: string, overrides: Partial<RolloutPlan> = {}): RolloutPlan => ({
    id,
    title: id,
    payload: { kind: 'config', keys: { idleTimeoutSeconds: 95 } },
    scope: { kind: 'all' },
    steps: [
      { kind: 'percentage', percent: 10 },
      { kind: 'percentage', percent: 50 },
    ],
    gate: { windowSeconds: 1, maxFailing: 0, crashLoopRestarts: 3 },
    notAfter: new Date(Date.now() + 86_400_000).toISOString(),
    createdAt: Date.now(),
    ...overrides,
  });

  /** Starts a rollout from `on`, as the console's Start button does, and waits until it is read back. */
  const start = async (on: TestConsole, rolloutPlanned: RolloutPlan): Promise<void> => {
    await on.publish({ state: startRollout(rolloutPlanned, on.holder, Date.now()), actions: [] });
    await waitFor(
      () => on.state(rolloutPlanned.id) ?? undefined,
      5000,
      'the rollout state read back',
    );
  };

  const receivedSince = (from: number) =>
    new Set(delivered.slice(from).map((entry) => entry.kioskId));

  beforeAll(async () => {
    broker = await startMosquitto({
      kiosks: Object.fromEntries([...IDS, STRANGER, CLAIMER].map((id) => [id, `pw-${id}`])),
      counters: COUNTER,
    });
    configKey = await webcrypto.subtle.importKey(
      'pkcs8',
      operatorKey.privateKey.export({ format: 'der', type: 'pkcs8' }),
      { name: 'Ed25519' },
      false,
      ['sign'],
    );
    spy = await mqtt.connectAsync(broker.watchUrl, {
      ...broker.operator,
      clientId: 'config-spy',
      reconnectPeriod: 0,
    });
    spy.on('message', (topic, payload) => {
      const parsed = parseKioskTopic(broker.prefix, topic);
      if (parsed?.kind !== 'config' || payload.length === 0) return;
      const { config } = JSON.parse(payload.toString('utf8')) as {
        config: Record<string, unknown>;
      };
      delivered.push({ kioskId: parsed.kioskId, at: Date.now(), config });
    });
    await spy.subscribeAsync(everyKiosk(broker.prefix, 'config'), { qos: 1 });
    for (const kioskId of [...IDS, STRANGER, CLAIMER]) {
      const kiosk = createSimulatedKiosk({
        ...(kioskId === CLAIMER ? { store: 'lyon-1', region: 'eu-west' } : {}),
        brokerUrls: [broker.tcpUrl],
        kioskId,
        topicPrefix: broker.prefix,
        username: kioskId,
        password: `pw-${kioskId}`,
        healthSeconds: 3600,
        keepaliveSeconds: 30,
        shoppers: false,
        configPublicKey: kioskId === STRANGER ? makeKeyPair().publicText : operatorKey.publicText,
        log: quiet,
      });
      kiosks.set(kioskId, kiosk);
      kiosk.start();
    }
    const first = await openConsole('console-a');
    await waitFor(
      () =>
        first.watch.fleet().filter((kiosk) => kiosk.online).length === IDS.length + 2
          ? true
          : undefined,
      20_000,
      'every simulated kiosk online',
    );
  }, 60_000);

  afterAll(async () => {
    for (const kiosk of kiosks.values()) kiosk.kill();
    for (const open of consoles) await open.close();
    await spy.endAsync(true);
    await broker.dispose();
  });

  it('a rollout to 10 % passes its health gate and widens, reaching no kiosk outside its steps', async () => {
    const from = delivered.length;
    const on = consoles[0] as TestConsole;
    const rollout = plan('idle-95');
    await start(on, rollout);
    const gated = await driveUntil(on, rollout.id, ['waiting-for-gate'], 10_000);
    const tenPercent = selectKiosks(
      rollout.id,
      rollout.scope,
      rollout.steps.slice(0, 1),
      on.watch.fleet(),
    );
    expect(tenPercent.length).toBeGreaterThanOrEqual(1);
    expect(tenPercent.length).toBeLessThan(IDS.length / 2);
    expect(gated.delivered.map((entry) => entry.kioskId)).toEqual(tenPercent);
    // Each canary took the config signed for it: its own health says so.
    await waitFor(
      () =>
        tenPercent.every((id) => on.watch.kiosks().get(id)?.configVersion === 1) ? true : undefined,
      10_000,
      'the canaries reporting the new config',
    );
    const widened = await driveUntil(on, rollout.id, ['widening', 'done'], 10_000);
    expect(widened.step).toBe(1);
    const done = await driveUntil(on, rollout.id, ['done'], 15_000);
    const half = selectKiosks(rollout.id, rollout.scope, rollout.steps, on.watch.fleet());
    expect(done.delivered.map((entry) => entry.kioskId).sort()).toEqual(half);
    expect(half.length).toBeGreaterThan(tenPercent.length);
    expect(half.length).toBeLessThan(IDS.length);
    // On the broker: the configs reached exactly the kiosks of the steps, each once.
    expect([...receivedSince(from)].sort()).toEqual(half);
    expect(delivered.length - from).toBe(half.length);
  }, 60_000);

  it('a rollout whose canaries go offline stops and rolls back, and no kiosk outside them ever received it', async () => {
    const from = delivered.length;
    const on = consoles[0] as TestConsole;
    const canaries = ['sim-17', 'sim-18'];
    const rollout = plan('printer-b', {
      payload: { kind: 'config', keys: { printerName: 'Slip B' } },
      steps: [{ kind: 'kiosks', kioskIds: canaries }, { kind: 'all' }],
      gate: { windowSeconds: 2, maxFailing: 0, crashLoopRestarts: 3 },
    });
    await start(on, rollout);
    await driveUntil(on, rollout.id, ['waiting-for-gate'], 10_000);
    await waitFor(
      () => (receivedSince(from).size === 2 ? true : undefined),
      5000,
      'canary delivery',
    );
    for (const id of canaries) kiosks.get(id)?.kill();
    const rolled = await driveUntil(on, rollout.id, ['rolled-back'], 15_000);
    expect(rolled.reason).toMatch(/2 failing, more than 0: sim-17 \(offline\), sim-18 \(offline\)/);
    await waitFor(
      () => (delivered.length - from === 4 ? true : undefined),
      5000,
      'the rollback configs',
    );
    for (const id of canaries) {
      const [sent, back] = delivered.slice(from).filter((entry) => entry.kioskId === id);
      const before = rolled.delivered.find((entry) => entry.kioskId === id)?.previous;
      expect(sent?.config).toMatchObject({ printerName: 'Slip B', target: id });
      // What it had before, one version higher: its own earlier config, or a withdrawal.
      expect(back?.config.version).toBe(Number(sent?.config.version) + 1);
      expect(back?.config.printerName).toBeUndefined();
      if (before?.keys) expect(back?.config).toMatchObject(before.keys);
      else expect(back?.config.tombstone).toBe(true);
    }
    // Two messages per canary (the config, then its withdrawal) and nothing to anyone else.
    expect([...receivedSince(from)].sort()).toEqual(canaries);
    expect(delivered.length - from).toBe(4);
    // Nothing more moves once rolled back.
    await on.tick(rollout.id);
    await sleep(300);
    expect(delivered.length - from).toBe(4);
  }, 60_000);

  it('a canary that refuses the config, as its health reports, rolls the rollout back', async () => {
    const from = delivered.length;
    const on = consoles[0] as TestConsole;
    const rollout = plan('refused', {
      steps: [{ kind: 'kiosks', kioskIds: [STRANGER] }, { kind: 'all' }],
      gate: { windowSeconds: 60, maxFailing: 0, crashLoopRestarts: 3 },
    });
    await start(on, rollout);
    // Refused at once, well inside the window: the kiosk's own refusal decides.
    const rolled = await driveUntil(on, rollout.id, ['rolled-back'], 15_000);
    expect(rolled.reason).toBe(`1 failing, more than 0: ${STRANGER} (refused)`);
    const refusals = on.watch.kiosks().get(STRANGER)?.refusals ?? [];
    expect(refusals.map((refusal) => refusal.reason)).toContain('wrong key');
    await waitFor(() => (delivered.length - from === 2 ? true : undefined), 5000, 'rollback');
    expect([...receivedSince(from)]).toEqual([STRANGER]);
  }, 30_000);

  it('a kiosk whose status names a store is not in its rollout unless certified there, and its refusal rolls nothing back', async () => {
    const from = delivered.length;
    const on = consoles[0] as TestConsole;
    const lyon = IDS.slice(0, 4);
    on.watch.certify(
      new Map([
        ...lyon.map(
          (id) => [id, { store: 'lyon-1', region: 'eu-west', serial: `s-${id}` }] as const,
        ),
        [CLAIMER, { store: 'paris-9', region: 'eu-north', serial: 's-claimer' }],
      ]),
      false,
    );
    try {
      const rollout = plan('lyon-only', {
        scope: { kind: 'store', store: 'lyon-1' },
        steps: [{ kind: 'all' }],
        gate: { windowSeconds: 3, maxFailing: 0, crashLoopRestarts: 3 },
      });
      await start(on, rollout);
      const gated = await driveUntil(on, rollout.id, ['waiting-for-gate'], 10_000);
      expect(gated.delivered.map((entry) => entry.kioskId)).toEqual(lyon);
      // The claimer's refusal on its own config topic, published as a login may.
      const forged = await mqtt.connectAsync(broker.watchUrl, {
        ...broker.operator,
        clientId: 'forged-health',
        reconnectPeriod: 0,
      });
      const at = new Date().toISOString();
      await forged.publishAsync(
        `${broker.prefix}/kiosks/${CLAIMER}/health`,
        JSON.stringify({
          ...SAMPLE_HEALTH,
          at,
          config: {
            version: null,
            refusals: [
              { at, topic: kioskConfigTopic(broker.prefix, CLAIMER), reason: 'bad signature' },
            ],
          },
        }),
        { qos: 1 },
      );
      await forged.endAsync(true);
      await waitFor(
        () => (on.watch.kiosks().get(CLAIMER)?.refusals.length ? true : undefined),
        5000,
        'the forged refusal read',
      );
      const done = await driveUntil(on, rollout.id, ['done', 'rolled-back'], 15_000);
      expect(done.phase).toBe('done');
      expect([...receivedSince(from)].sort()).toEqual(lyon);
    } finally {
      on.watch.certify(new Map(), false);
    }
  }, 40_000);

  it('two consoles see the same state, and only the one that watches moves it', async () => {
    const first = consoles[0] as TestConsole;
    const rollout = plan('two-consoles', {
      steps: [{ kind: 'kiosks', kioskIds: ['sim-05'] }, { kind: 'all' }],
      gate: { windowSeconds: 30, maxFailing: 0, crashLoopRestarts: 3 },
    });
    await start(first, rollout);
    await driveUntil(first, rollout.id, ['waiting-for-gate'], 10_000);
    const second = await openConsole('console-b');
    const seen = await waitFor(
      () => second.state(rollout.id) ?? undefined,
      5000,
      'the second console reading the state',
    );
    expect(seen).toEqual(first.state(rollout.id));
    expect(shownPhase(seen, Date.now())).toBe('waiting-for-gate');
    // The second console neither widens it nor takes it over while the first watches.
    expect(await second.tick(rollout.id, 60_000 - LEASE_MS + 1)).toBeNull();
    expect(resumeRollout(seen, 'console-b', Date.now())).toBeNull();
    // The first renews its lease; the second sees the new revision.
    const renewed = await first.tick(rollout.id, LEASE_MS / 2 + 1);
    expect(renewed?.state.lease?.holder).toBe('console-a');
    await waitFor(
      () => (second.state(rollout.id)?.revision === renewed?.state.revision ? true : undefined),
      5000,
      'the renewed lease at the second console',
    );
    expect(second.state(rollout.id)).toEqual(first.state(rollout.id));
    await second.close();
    consoles.splice(consoles.indexOf(second), 1);
  }, 60_000);

  it('an unwatched rollout pauses where it is and never widens until an operator resumes it', async () => {
    const first = consoles[0] as TestConsole;
    const from = delivered.length;
    const rollout = plan('unwatched', {
      steps: [{ kind: 'kiosks', kioskIds: ['sim-09'] }, { kind: 'all' }],
      gate: { windowSeconds: 1, maxFailing: 0, crashLoopRestarts: 3 },
    });
    await start(first, rollout);
    await driveUntil(first, rollout.id, ['waiting-for-gate'], 10_000);
    await waitFor(
      () => (first.watch.kiosks().get('sim-09')?.configVersion === 2 ? true : undefined),
      10_000,
      'sim-09 taking the config',
    );
    // The console is closed; another opens after the lease has lapsed and the gate would pass.
    await first.close();
    consoles.splice(consoles.indexOf(first), 1);
    const later = await openConsole('console-c');
    const seen = await waitFor(() => later.state(rollout.id) ?? undefined, 5000, 'state');
    const lapsed = LEASE_MS + 1000;
    expect(shownPhase(seen, Date.now() + lapsed)).toBe('paused');
    for (let round = 0; round < 5; round += 1) {
      expect(await later.tick(rollout.id, lapsed)).toBeNull();
      await sleep(100);
    }
    expect(later.state(rollout.id)?.step).toBe(0);
    expect([...receivedSince(from)]).toEqual(['sim-09']);
    // The operator resumes it: this console takes the lease, and the gate decides again.
    const resumed = resumeRollout(seen, later.holder, Date.now() + lapsed);
    expect(resumed).not.toBeNull();
    await publishState(resumed as RolloutState, {
      prefix: broker.prefix,
      publish: async (topic, payload, retain) => {
        await later.client.publishAsync(topic, payload, { qos: 1, retain });
      },
      key: configKey,
      subtle,
      publicKey: null,
      currentVersion: () => 0,
      now: Date.now,
    });
    await waitFor(
      () => (later.state(rollout.id)?.lease?.holder === later.holder ? true : undefined),
      5000,
      'the resumed state',
    );
    const widened = await driveUntil(later, rollout.id, ['widening', 'done'], 10_000);
    expect(widened.step).toBe(1);
  }, 60_000);

  it('refuses a rollout state from anyone but the operator, and a malformed one drives nothing', async () => {
    const watcher = consoles[0] as TestConsole;
    const topic = rolloutTopic(broker.prefix, 'forged');
    const forged = startRollout(plan('forged'), 'console-x', Date.now());
    // A counter logs in on the console's listener, the only one its login may open.
    const counter = await mqtt.connectAsync(broker.wsUrl, {
      username: 'counter-1',
      password: COUNTER['counter-1'],
      clientId: 'counter-forger',
      reconnectPeriod: 0,
    });
    const kiosk = await mqtt.connectAsync(broker.tcpUrl, {
      username: 'sim-00',
      password: 'pw-sim-00',
      reconnectPeriod: 0,
    });
    await counter.publishAsync(topic, JSON.stringify(forged), { qos: 1, retain: true });
    await kiosk.publishAsync(topic, JSON.stringify(forged), { qos: 1, retain: true });
    await counter.endAsync(true);
    await kiosk.endAsync(true);
    // The operator's own message afterwards arrives: the two before it never did.
    const marker = rolloutTopic(broker.prefix, 'marker');
    await watcher.client.publishAsync(marker, '{"not":"a state"}', { qos: 1, retain: true });
    await waitFor(
      () => (watcher.watch.rollouts().has('marker') ? true : undefined),
      5000,
      'marker',
    );
    expect(watcher.watch.rollouts().has('forged')).toBe(false);
    // The operator's malformed message reads as no rollout, and ticking it publishes nothing.
    expect(watcher.state('marker')).toBeNull();
    const from = delivered.length;
    expect(await watcher.tick('marker')).toBeNull();
    await sleep(300);
    expect(delivered.length).toBe(from);
  }, 30_000);
});
