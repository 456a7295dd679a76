/**
 * Commands from the fleet, end to end through a real Mosquitto and the fleet client: every
 * command, unknown, malformed, replayed and wrong-topic ones, deferral until the attract
 * screen, the screenshot that only the attract screen allows, and diagnostics (attract
 * screen or asleep only) sent in chunks that the console's own code rebuilds and checks,
 * or reports as broken when a chunk is lost. Then the handler's own bounds, without a broker.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import mqtt, { type IClientOptions, type IClientPublishOptions, type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ackSchema, type FleetAck } from '../../../shared/fleet/payloads';
import { diagnosticsTopic, kioskTopics } from '../../../shared/fleet/topics';
import { readMessage } from '../../../fleet-console/protocol/read-message';
import {
  startTransfer,
  takeAck,
  takeChunk,
  tick,
  verify,
  type Transfer,
} from '../../../fleet-console/kiosks/diagnostics/diagnostics-transfers';
import {
  createCommandHandler,
  MAX_REMEMBERED_IDS,
  type CommandActions,
} from '../../../fleet-agent/commands/commands';
import {
  BROKER_SUITE,
  fleetBrokers,
  startFleetBroker,
  type FleetBroker,
} from '../../support/fleet-brokers';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../../support/mosquitto';
import {
  hasFields,
  observe,
  sleep,
  startKiosk,
  TINY_PNG,
  type Observer,
  type TestKiosk,
} from '../support/fleet-fixtures';

const KIOSK = 'kiosk-commands';
const OTHER = 'kiosk-neighbour';

describe.each(fleetBrokers())('fleet commands through %s', BROKER_SUITE, (kind) => {
  let broker: FleetBroker;
  let operator: Observer;
  let kiosk: TestKiosk;
  let topics: ReturnType<typeof kioskTopics>;
  let counter = 0;

  /** Publishes a command and waits for its ack. */
  const send = async (
    body: unknown,
    topic = topics.commands,
    { raw = false }: { raw?: boolean } = {},
  ): Promise<FleetAck> => {
    const from = operator.messages.length;
    const payload = raw ? String(body) : JSON.stringify(body);
    await operator.publish(topic, payload);
    const ack = await operator.next(topics.acks, undefined, { from });
    return ackSchema.parse(JSON.parse(ack.payload.toString()));
  };
  const id = () => `cmd-${++counter}`;

  beforeAll(async () => {
    broker = await startFleetBroker(kind, { kiosks: { [KIOSK]: 'pw', [OTHER]: 'pw2' } });
    operator = await observe(broker);
    topics = kioskTopics(broker.prefix, KIOSK);
    kiosk = startKiosk(broker, { kioskId: KIOSK, password: 'pw' });
    await operator.next(topics.status, hasFields({ state: 'online' }));
    await operator.next(topics.health);
  }, 60_000);

  afterEach(() => {
    kiosk.activity.setScreen('attract');
    vi.clearAllMocks();
  });

  afterAll(async () => {
    await kiosk.client.stop();
    await operator.close();
    await broker.dispose();
  });

  it('ping: acknowledged at once', async () => {
    const commandId = id();
    const ack = await send({ id: commandId, command: 'ping' });
    expect(ack).toEqual({
      id: commandId,
      command: 'ping',
      ok: true,
      at: expect.any(String) as unknown,
    });
    expect(Date.parse(ack.at)).toBeGreaterThan(Date.now() - 10_000);
  });

  it('reload-config: runs, then acknowledges; a failure is acknowledged with its reason', async () => {
    expect(await send({ id: id(), command: 'reload-config' })).toMatchObject({ ok: true });
    expect(kiosk.actions.reloadConfig).toHaveBeenCalledTimes(1);
    kiosk.actions.reloadConfig.mockRejectedValueOnce(new Error('the config file is unreadable'));
    expect(await send({ id: id(), command: 'reload-config', args: {} })).toMatchObject({
      ok: false,
      error: 'the config file is unreadable',
    });
  });

  it('refresh-catalogue and relaunch: run on the attract screen, relaunch only after its ack', async () => {
    const order: string[] = [];
    kiosk.actions.relaunch.mockImplementation(() => order.push('relaunch'));
    const from = operator.messages.length;
    expect(await send({ id: id(), command: 'refresh-catalogue' })).toMatchObject({ ok: true });
    expect(kiosk.actions.refreshCatalogue).toHaveBeenCalledTimes(1);
    const ack = await send({ id: id(), command: 'relaunch' });
    order.push('ack seen');
    expect(ack).toMatchObject({ command: 'relaunch', ok: true });
    await vi.waitFor(() => expect(kiosk.actions.relaunch).toHaveBeenCalledTimes(1));
    // The ack reached the operator before (or as) the relaunch began, never after a cut-off.
    expect(operator.messages.slice(from).filter((m) => m.topic === topics.acks)).toHaveLength(2);
  });

  it('defers disruptive commands while a shopper is served, until the attract screen', async () => {
    kiosk.activity.setScreen('shopping');
    const from = operator.messages.length;
    const relaunchId = id();
    const refreshId = id();
    await operator.publish(
      topics.commands,
      JSON.stringify({ id: relaunchId, command: 'relaunch' }),
    );
    await operator.publish(
      topics.commands,
      JSON.stringify({ id: refreshId, command: 'refresh-catalogue' }),
    );
    // Another command meanwhile is answered at once.
    expect(await send({ id: id(), command: 'ping' })).toMatchObject({ ok: true });
    kiosk.activity.setScreen('receipt');
    await sleep(500);
    expect(kiosk.actions.relaunch).not.toHaveBeenCalled();
    expect(kiosk.actions.refreshCatalogue).not.toHaveBeenCalled();
    expect(operator.json(topics.acks).slice(-1)).toEqual([
      expect.objectContaining({ command: 'ping' }),
    ]);
    kiosk.activity.setScreen('attract');
    await operator.next(topics.acks, hasFields({ id: relaunchId, ok: true }), { from });
    await operator.next(topics.acks, hasFields({ id: refreshId, ok: true }), { from });
    expect(kiosk.actions.refreshCatalogue).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(kiosk.actions.relaunch).toHaveBeenCalledTimes(1));
  });

  it('also waits while a receipt prints on the attract screen', async () => {
    kiosk.activity.setBusy('print', true);
    const from = operator.messages.length;
    const commandId = id();
    await operator.publish(topics.commands, JSON.stringify({ id: commandId, command: 'relaunch' }));
    await sleep(400);
    expect(kiosk.actions.relaunch).not.toHaveBeenCalled();
    kiosk.activity.setBusy('print', false);
    await operator.next(topics.acks, hasFields({ id: commandId, ok: true }), { from });
  });

  it('screenshot: on the attract screen, publishes the PNG (retained), then acknowledges', async () => {
    const from = operator.messages.length;
    expect(await send({ id: id(), command: 'screenshot' })).toMatchObject({ ok: true });
    const picture = await operator.next(topics.screenshot, undefined, { from });
    expect(picture.payload.equals(TINY_PNG)).toBe(true);
    expect(kiosk.actions.captureScreenshot).toHaveBeenCalledTimes(1);
  });

  it('screenshot: refused anywhere but the attract screen, and nothing is captured', async () => {
    for (const screen of ['shopping', 'receipt'] as const) {
      kiosk.activity.setScreen(screen);
      expect(await send({ id: id(), command: 'screenshot' })).toMatchObject({
        ok: false,
        error: 'not on the attract screen',
      });
    }
    expect(kiosk.actions.captureScreenshot).not.toHaveBeenCalled();
  });

  it('an unknown command is acknowledged as such and does nothing', async () => {
    const commandId = id();
    expect(await send({ id: commandId, command: 'format-disk' })).toMatchObject({
      id: commandId,
      command: 'format-disk',
      ok: false,
      error: 'unknown command',
    });
    for (const action of Object.values(kiosk.actions)) expect(action).not.toHaveBeenCalled();
  });

  it.each([
    ['not JSON', '{"id":', '', '', 'the command is not JSON'],
    [
      'without an id',
      JSON.stringify({ command: 'relaunch' }),
      '',
      'relaunch',
      'the command is malformed',
    ],
    [
      'with bad args',
      JSON.stringify({ id: 'm1', command: 'relaunch', args: 'now' }),
      'm1',
      'relaunch',
      'the command is malformed',
    ],
  ])(
    'a message %s is acknowledged as malformed and does nothing',
    async (_name, text, ackId, command, error) => {
      expect(await send(text, topics.commands, { raw: true })).toMatchObject({
        id: ackId,
        command,
        ok: false,
        error,
      });
      for (const action of Object.values(kiosk.actions)) expect(action).not.toHaveBeenCalled();
    },
  );

  it('a replayed id is acknowledged again, with the first outcome, but not run twice', async () => {
    const commandId = id();
    const first = await send({ id: commandId, command: 'refresh-catalogue' });
    const again = await send({ id: commandId, command: 'refresh-catalogue' });
    expect(again).toMatchObject({ id: commandId, ok: first.ok });
    expect(kiosk.actions.refreshCatalogue).toHaveBeenCalledTimes(1);
    kiosk.activity.setScreen('shopping');
    // Same for a failure: the replay says the same.
    const refused = id();
    await send({ id: refused, command: 'screenshot' });
    kiosk.activity.setScreen('attract');
    expect(await send({ id: refused, command: 'screenshot' })).toMatchObject({
      ok: false,
      error: 'not on the attract screen',
    });
    expect(kiosk.actions.captureScreenshot).not.toHaveBeenCalled();
  });

  it('takes fleet-wide commands on P/kiosks/all/commands', async () => {
    expect(await send({ id: id(), command: 'ping' }, topics.allCommands)).toMatchObject({
      ok: true,
    });
  });

  it('acts on no other kiosk’s command topic, even when the broker delivers one', async () => {
    // A kiosk whose MQTT client also subscribes to its neighbour's commands, as a permissive
    // broker and a misconfiguration could arrange: it must still act on its own topics only.
    const neighbour = kioskTopics(broker.prefix, OTHER);
    let widened: Promise<unknown> = Promise.resolve();
    const wide = startKiosk(broker, {
      kioskId: 'kiosk-wide',
      username: broker.operator.username,
      password: broker.operator.password,
      connect: (url, options) => {
        const made = mqtt.connect(url, options);
        made.on('connect', () => {
          widened = made.subscribeAsync(neighbour.commands, { qos: 1 });
        });
        return made;
      },
    });
    const own = kioskTopics(broker.prefix, 'kiosk-wide');
    await operator.next(own.status, hasFields({ state: 'online' }));
    await vi.waitFor(() => expect(wide.connections[0]?.connected).toBe(true));
    await widened;
    const from = operator.messages.length;
    const stray = id();
    await operator.publish(neighbour.commands, JSON.stringify({ id: stray, command: 'relaunch' }));
    await operator.publish(own.commands, JSON.stringify({ id: id(), command: 'ping' }));
    await operator.next(own.acks, hasFields({ command: 'ping' }), { from });
    await sleep(300);
    expect(operator.json(own.acks).filter((ack) => (ack as FleetAck).id === stray)).toEqual([]);
    expect(wide.actions.relaunch).not.toHaveBeenCalled();
    expect(wide.log.matching('not this kiosk')).toEqual([
      expect.stringContaining(neighbour.commands),
    ]);
    await wide.client.stop();
  });

  it('gets no other kiosk’s commands through the recommended ACL', async () => {
    const plain = await mqtt.connectAsync(broker.tcpUrl, {
      username: KIOSK,
      password: 'pw',
      clientId: 'acl-probe',
      reconnectPeriod: 0,
    });
    const seen: string[] = [];
    plain.on('message', (topic) => seen.push(topic));
    const neighbour = kioskTopics(broker.prefix, OTHER);
    // Mosquitto grants the subscription and delivers nothing on it; NATS refuses it (SUBACK 128).
    const refused = await plain.subscribeAsync(neighbour.commands, { qos: 1 }).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(kind === 'nats-cluster');
    await operator.publish(neighbour.commands, JSON.stringify({ id: id(), command: 'ping' }));
    await sleep(300);
    expect(seen).toEqual([]);
    await plain.endAsync();
  });
});

/** The console's side of a transfer, run on what the operator received: read, rebuild, check. */
async function rebuild(
  operator: Observer,
  prefix: string,
  kioskId: string,
  ack: FleetAck,
  from: number,
  now: number,
): Promise<Transfer> {
  let transfer = startTransfer(kioskId, ack.id, now - 1000);
  for (const message of operator.messages.slice(from)) {
    const read = readMessage(prefix, {
      topic: message.topic,
      payload: new Uint8Array(message.payload),
      retained: message.retain,
      receivedAt: message.at,
    });
    if (read?.kind === 'diagnostics-chunk' && read.kioskId === kioskId && read.chunk) {
      transfer = takeChunk(transfer, read.chunk, now);
    }
  }
  transfer = takeAck(transfer, ack.ok ? { ok: true } : { ok: false, error: ack.error ?? '' }, now);
  transfer = tick(transfer, now + 5000);
  const sha256 = (bytes: Uint8Array) =>
    Promise.resolve(createHash('sha256').update(bytes).digest('hex'));
  return (await verify(transfer, sha256, now)) ?? transfer;
}

// Diagnostics run on Mosquitto alone: the cluster carries the same chunks, and its own tests
// cover what a cluster adds.
const skipReason = mosquittoUnavailable();
describe.skipIf(skipReason !== null)('diagnostics through Mosquitto', () => {
  let broker: Mosquitto;
  let operator: Observer;
  const kiosks: TestKiosk[] = [];
  let counter = 0;
  const id = () => `diag-${++counter}`;
  /** Half a megabyte that gzip cannot shrink: a bundle of many chunks. */
  const bundle = gzipSync(Buffer.from(Array.from({ length: 500_000 }, () => Math.random() * 256)));

  const send = async (kioskId: string, commandId: string): Promise<FleetAck> => {
    const topics = kioskTopics(broker.prefix, kioskId);
    const from = operator.messages.length;
    await operator.publish(
      topics.commands,
      JSON.stringify({ id: commandId, command: 'diagnostics' }),
    );
    const ack = await operator.next(topics.acks, hasFields({ id: commandId }), {
      from,
      timeoutMs: 15_000,
    });
    return ackSchema.parse(JSON.parse(ack.payload.toString()));
  };

  beforeAll(async () => {
    broker = await startMosquitto({ kiosks: { [KIOSK]: 'pw', [OTHER]: 'pw2' } });
    // Over the tests' TCP listener: Mosquitto 2.0's WebSockets listener hands large messages
    // on slowly, about 50 KB a second, which a console waits out but a unit test need not.
    operator = await observe(broker);
    await operator.client.subscribeAsync(`${broker.prefix}/kiosks/+/diagnostics`, { qos: 1 });
  }, 60_000);

  afterAll(async () => {
    for (const kiosk of kiosks) await kiosk.client.stop();
    await operator.close();
    await broker.dispose();
  });

  const start = async (
    kioskId: string,
    password: string,
    connect?: (url: string, options: IClientOptions) => MqttClient,
  ) => {
    const kiosk = startKiosk(broker, {
      kioskId,
      password,
      ...(connect ? { connect: (url, options) => connect(url, options) } : {}),
    });
    kiosk.actions.gatherDiagnostics.mockResolvedValue(bundle);
    kiosks.push(kiosk);
    await operator.next(kioskTopics(broker.prefix, kioskId).status, hasFields({ state: 'online' }));
    return kiosk;
  };

  it('on the attract screen: chunks on its own topic rebuild into the bundle, digest checked', async () => {
    await start(KIOSK, 'pw');
    const from = operator.messages.length;
    const ack = await send(KIOSK, id());
    expect(ack).toMatchObject({ command: 'diagnostics', ok: true });
    const chunks = operator.messages
      .slice(from)
      .filter((message) => message.topic === diagnosticsTopic(broker.prefix, KIOSK));
    expect(chunks.length).toBe(Math.ceil(bundle.length / 32_768));
    expect(chunks.every((chunk) => !chunk.retain && chunk.payload.length <= 48 * 1024)).toBe(true);
    const transfer = await rebuild(operator, broker.prefix, KIOSK, ack, from, Date.now());
    expect(transfer.view.phase).toBe('ready');
    if (transfer.view.phase !== 'ready') return;
    expect(Buffer.from(transfer.view.bundle).equals(bundle)).toBe(true);
    expect(transfer.view.sha256).toBe(createHash('sha256').update(bundle).digest('hex'));
    expect(gunzipSync(transfer.view.bundle).length).toBe(500_000);
  });

  it('refused while a shopper is served, with the reason, and nothing is gathered', async () => {
    const kiosk = kiosks[0];
    if (!kiosk) throw new Error('the first test starts the kiosk');
    kiosk.actions.gatherDiagnostics.mockClear();
    for (const screen of ['shopping', 'receipt'] as const) {
      kiosk.activity.setScreen(screen);
      const from = operator.messages.length;
      const ack = await send(KIOSK, id());
      expect(ack).toMatchObject({ ok: false, error: 'busy: a shopper is using the kiosk' });
      const transfer = await rebuild(operator, broker.prefix, KIOSK, ack, from, Date.now());
      expect(transfer.view).toMatchObject({ phase: 'failed', reason: ack.error });
    }
    expect(kiosk.actions.gatherDiagnostics).not.toHaveBeenCalled();
    // Asleep outside opening hours, nobody is served: it answers.
    kiosk.actions.isAsleep.mockReturnValue(true);
    expect(await send(KIOSK, id())).toMatchObject({ ok: true });
    expect(kiosk.actions.gatherDiagnostics).toHaveBeenCalledTimes(1);
    kiosk.actions.isAsleep.mockReturnValue(false);
    kiosk.activity.setScreen('attract');
  });

  it('a chunk lost on the way is reported as missing, not waited for', async () => {
    // The kiosk's MQTT client loses its third chunk, as a broken link would.
    const losing = (url: string, options: IClientOptions): MqttClient => {
      const client = mqtt.connect(url, options);
      const publishAsync = client.publishAsync.bind(client);
      client.publishAsync = (
        topic: string,
        message: string | Buffer,
        publishOptions?: IClientPublishOptions,
      ) =>
        topic.endsWith('/diagnostics') && String(message).includes('"index":2,')
          ? Promise.resolve(undefined)
          : publishAsync(topic, message, publishOptions);
      return client;
    };
    await start(OTHER, 'pw2', losing);
    const from = operator.messages.length;
    const ack = await send(OTHER, id());
    expect(ack).toMatchObject({ ok: true });
    const transfer = await rebuild(operator, broker.prefix, OTHER, ack, from, Date.now());
    expect(transfer.view).toEqual({
      phase: 'failed',
      commandId: ack.id,
      reason: `missing chunk 2 of ${Math.ceil(bundle.length / 32_768)}`,
    });
  });
});

function fakeActions(overrides: Partial<CommandActions> = {}): CommandActions {
  return {
    whenSafe: () => Promise.resolve(),
    isAttractScreen: () => true,
    reloadConfig: () => Promise.resolve(),
    refreshCatalogue: () => Promise.resolve(),
    relaunch: () => undefined,
    screenshot: () => Promise.resolve(),
    diagnostics: () => Promise.resolve(),
    ...overrides,
  };
}

const message = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('the command handler’s bounds', () => {
  it('remembers at most the last 1,000 ids', async () => {
    const handler = createCommandHandler(fakeActions());
    for (let index = 0; index < MAX_REMEMBERED_IDS + 50; index += 1) {
      await handler.handle(message({ id: `c${index}`, command: 'ping' }));
    }
    expect(handler.rememberedIds).toBe(MAX_REMEMBERED_IDS);
  });

  it('keeps one waiting run per disruptive command, shared by every request for it', async () => {
    const releases: (() => void)[] = [];
    const safe = new Promise<void>((resolve) => releases.push(resolve));
    const release = () => {
      for (const resolve of releases) resolve();
    };
    const refreshCatalogue = vi.fn(() => Promise.resolve());
    const handler = createCommandHandler(fakeActions({ whenSafe: () => safe, refreshCatalogue }));
    const waiting = Array.from({ length: 20 }, (_, index) =>
      handler.handle(message({ id: `r${index}`, command: 'refresh-catalogue' })),
    );
    release();
    const answers = await Promise.all(waiting);
    expect(answers.every((answer) => answer.outcome.ok)).toBe(true);
    expect(refreshCatalogue).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting runs when stopped, without running them', async () => {
    const relaunch = vi.fn();
    const handler = createCommandHandler(
      fakeActions({
        whenSafe: (signal) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => reject(new Error('stopped')));
          }),
        relaunch,
      }),
    );
    const waiting = handler.handle(message({ id: 'x', command: 'relaunch' }));
    handler.cancel();
    await expect(waiting).resolves.toMatchObject({
      outcome: { ok: false, error: 'the kiosk stopped before a safe moment' },
    });
    expect(relaunch).not.toHaveBeenCalled();
  });
});
