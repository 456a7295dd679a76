/**
 * The broker ACL docs/fleet/broker.md recommends is the one the fleet tests give their real
 * Mosquitto (tests/support/mosquitto.ts), so what an operator copies is what was tested: a
 * kiosk writes only under its own id and reads only its own and the fleet-wide topics; it
 * writes no certificate or revocation list; a counter login only reads the certificates and
 * the kiosks' revocation list (its records are the shop service's).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOPIC_PREFIX } from '../../shared/fleet/topics';
import {
  fleetAcl,
  mosquittoUnavailable,
  startMosquitto,
  type Mosquitto,
} from '../support/mosquitto';

const BROKER_DOC = 'docs/fleet/broker.md';

describe(`the ACL of ${BROKER_DOC}`, () => {
  it('is the ACL the fleet tests run Mosquitto with, line for line', () => {
    const doc = readFileSync(join(__dirname, '../..', BROKER_DOC), 'utf8');
    const blocks = [...doc.matchAll(/```conf\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
    const acl = blocks.find((block) => block.includes('\nuser operator\n'));
    expect(acl, 'no conf block with the ACL').toBeDefined();
    expect(acl).toBe(
      fleetAcl(DEFAULT_TOPIC_PREFIX, 'operator', ['counter-1', 'counter-2'], {
        operators: ['operator-cli'],
        exporter: 'exporter',
        kiosks: ['kiosk-0123456789ab'],
      }),
    );
  });

  it('turns persistence on, so the retained certificates, configs and statuses survive a restart', () => {
    const doc = readFileSync(join(__dirname, '../..', BROKER_DOC), 'utf8');
    const config = [...doc.matchAll(/```conf\n([\s\S]*?)```/g)][0]?.[1] ?? '';
    expect(config).toMatch(/^persistence true$/m);
    expect(config).toMatch(/^persistence_location \S+$/m);
  });
});

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[ACL tests] skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('the ACL on a real Mosquitto', () => {
  let broker: Mosquitto;
  let operator: MqttClient;
  const seen: string[] = [];
  const P = DEFAULT_TOPIC_PREFIX;
  const SERIAL = 'c2VyaWFsLW9uZS1vbmUx';
  const RECEIPT = 'Receipt-1700000000000-42';

  const login = (username: string, password = 'secret') =>
    mqtt.connectAsync(broker.tcpUrl, { username, password, reconnectPeriod: 0 });

  /**
   * Which of `topics` reach the operator when `username` publishes to them: a last,
   * allowed message from the same client marks the end (the broker keeps their order).
   */
  async function reaching(username: string, topics: string[], marker: string): Promise<string[]> {
    const client = await login(username);
    try {
      for (const topic of topics) await client.publishAsync(topic, 'x', { qos: 1 });
      await client.publishAsync(marker, 'end', { qos: 1 });
      const deadline = Date.now() + 5000;
      while (!seen.includes(marker) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen, 'the marker never arrived').toContain(marker);
      return topics.filter((topic) => seen.includes(topic));
    } finally {
      await client.endAsync(true);
    }
  }

  /**
   * Which of `topics` reach the operator when a login that may write nothing publishes to
   * them: each publish is acknowledged before the operator's own marker goes out, so the
   * marker arrives after anything they could have passed on.
   */
  async function reachingFromSilent(
    username: string,
    password: string,
    topics: string[],
  ): Promise<string[]> {
    const client = await login(username, password);
    try {
      for (const topic of topics) await client.publishAsync(topic, 'x', { qos: 1 });
    } finally {
      await client.endAsync(true);
    }
    // A topic no login but the operator's may write, and none of `topics`.
    const marker = `${P}/fleet/acl-marker`;
    const from = seen.length;
    await operator.publishAsync(marker, `end ${username}`, { qos: 1 });
    const deadline = Date.now() + 5000;
    while (!seen.slice(from).includes(marker) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen.slice(from), 'the marker never arrived').toContain(marker);
    return topics.filter((topic) => seen.includes(topic));
  }

  beforeAll(async () => {
    broker = await startMosquitto({
      kiosks: { 'kiosk-a': 'secret' },
      counters: { 'counter-1': 'secret' },
    });
    operator = await mqtt.connectAsync(broker.tcpUrl, { ...broker.operator, reconnectPeriod: 0 });
    operator.on('message', (topic) => seen.push(topic));
    await operator.subscribeAsync(`${P}/#`, { qos: 1 });
  }, 60_000);

  afterAll(async () => {
    await operator.endAsync(true);
    await broker.dispose();
  });

  it('lets a kiosk write its own enrolment request and nothing of trust or handover', async () => {
    const denied = [
      `${P}/handovers/kiosk-a/${RECEIPT}`,
      `${P}/handover-conflicts/kiosk-a/${RECEIPT}`,
      `${P}/kiosks/kiosk-a/certificates/${SERIAL}`,
      `${P}/fleet/revocations`,
      `${P}/kiosks/kiosk-b/enrolment`,
    ];
    const allowed = `${P}/kiosks/kiosk-a/enrolment`;
    expect(await reaching('kiosk-a', [...denied, allowed], `${P}/kiosks/kiosk-a/health`)).toEqual([
      allowed,
    ]);
  });

  it('lets a counter write nothing of the fleet: no handover topic, nothing the operator signs', async () => {
    const denied = [
      `${P}/handovers/kiosk-a/${RECEIPT}`,
      `${P}/handovers/kiosk-a/${RECEIPT}/claim`,
      `${P}/handover-conflicts/kiosk-a/${RECEIPT}`,
      `${P}/kiosks/kiosk-a/certificates/${SERIAL}`,
      `${P}/fleet/revocations`,
      `${P}/fleet/config`,
      `${P}/kiosks/all/commands`,
    ];
    expect(await reachingFromSilent('counter-1', 'secret', denied)).toEqual([]);
  });

  it('lets no login but a kiosk’s own write under its id: not a counter’s, nor the exporter’s, even under its own name', async () => {
    for (const [username, password] of [
      ['counter-1', 'secret'],
      ['exporter', 'exporter-secret'],
    ] as const) {
      const denied = [
        `${P}/kiosks/kiosk-a/status`,
        `${P}/kiosks/${username}/status`,
        `${P}/kiosks/${username}/health`,
      ];
      expect(await reachingFromSilent(username, password, denied), username).toEqual([]);
    }
  });

  it('lets a counter and a kiosk read the certificates and the revocation list', async () => {
    await operator.publishAsync(`${P}/kiosks/kiosk-a/certificates/${SERIAL}`, 'cert', {
      qos: 1,
      retain: true,
    });
    await operator.publishAsync(`${P}/fleet/revocations`, 'list', { qos: 1, retain: true });
    for (const [username, filter] of [
      ['counter-1', `${P}/kiosks/+/certificates/+`],
      ['kiosk-a', `${P}/kiosks/kiosk-a/certificates/+`],
    ] as const) {
      const client = await login(username);
      try {
        const got: string[] = [];
        client.on('message', (topic) => got.push(topic));
        await client.subscribeAsync([filter, `${P}/fleet/revocations`], { qos: 1 });
        const deadline = Date.now() + 5000;
        while (got.length < 2 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(got.sort(), username).toEqual([
          `${P}/fleet/revocations`,
          `${P}/kiosks/kiosk-a/certificates/${SERIAL}`,
        ]);
      } finally {
        await client.endAsync(true);
      }
    }
  });

  it('lets a kiosk send diagnostics only on its own topic, and read none', async () => {
    const denied = [`${P}/kiosks/kiosk-b/diagnostics`, `${P}/kiosks/all/diagnostics`];
    const allowed = `${P}/kiosks/kiosk-a/diagnostics`;
    expect(await reaching('kiosk-a', [...denied, allowed], `${P}/kiosks/kiosk-a/health`)).toEqual([
      allowed,
    ]);
    const client = await login('kiosk-a');
    try {
      const got: string[] = [];
      client.on('message', (topic) => got.push(topic));
      await client.subscribeAsync(`${P}/kiosks/+/diagnostics`, { qos: 1 });
      await operator.publishAsync(`${P}/kiosks/kiosk-a/diagnostics`, 'x', { qos: 1 });
      await client.publishAsync(`${P}/kiosks/kiosk-a/health`, 'marker', { qos: 1 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(got).toEqual([]);
    } finally {
      await client.endAsync(true);
    }
  });
});
