/**
 * The exporter behind `npm run fleet:exporter`: one MQTT client, logged in with the
 * exporter's own login (docs/fleet/broker.md: a login is one session at a time, so it shares
 * its login with no other client), subscribed to every kiosk's retained status and health,
 * and to the certificates and revocation list that place each kiosk in its store and region
 * (exporter-trust.ts); and one HTTP server on 127.0.0.1 that answers `GET /metrics` in
 * Prometheus's text format (fleet-exporter-metrics.ts). It keeps nothing on disk: a
 * restarted exporter rebuilds its table from the retained messages the broker sends on
 * subscribing. close() ends both, so no port stays open.
 */
import { readFileSync } from 'node:fs';
import { randomBytes, webcrypto } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { everyKiosk, SUBSCRIPTION_QOS } from '../../shared/fleet/topics';
import { everyKioskCertificates, revocationsTopic } from '../../shared/fleet/trust/trust-topics';
import { createExporterTrust } from './exporter-trust';
import { createExporterMetrics } from './fleet-exporter-metrics';
import { createFleetTable, readFleetMessage, type FleetTable } from './fleet-exporter-readings';

export interface ExporterOptions {
  brokerUrl: string;
  /** 0: any free port (tests). */
  port: number;
  prefix: string;
  username?: string;
  password?: string;
  /** PEM file of the broker certificate's CA, for mqtts:// and wss://. */
  caFile?: string;
  /**
   * The enrolment public key (base64url raw) certificates are checked against; without it
   * no kiosk has a store or region label.
   */
  enrolmentKey?: string;
  catalogueMaxAgeMinutes: number;
  log?: (line: string) => void;
}

export interface RunningExporter {
  /** The port /metrics is served on (127.0.0.1). */
  readonly port: number;
  readonly table: FleetTable;
  close(): Promise<void>;
}

export async function startExporter(options: ExporterOptions): Promise<RunningExporter> {
  const log = options.log ?? (() => undefined);
  const trust = createExporterTrust({
    prefix: options.prefix,
    enrolmentKey: options.enrolmentKey ?? '',
    subtle: webcrypto.subtle,
    onChange: (kioskId, groups) => table.setEnrolled(kioskId, groups !== null),
  });
  const table = createFleetTable({ enrolled: (kioskId) => trust.certified(kioskId) !== null });
  let connected = false;
  const metrics = createExporterMetrics({
    table,
    catalogueMaxAgeMinutes: options.catalogueMaxAgeMinutes,
    brokerConnected: () => connected,
    certified: (kioskId) => trust.certified(kioskId),
    trustDropped: () => ({ refused: trust.refused, overLimit: trust.overLimit }),
  });
  /** Certificates and lists are checked one after the other, in the broker's order. */
  let weighing: Promise<void> = Promise.resolve();

  const client: MqttClient = mqtt.connect(options.brokerUrl, {
    // The sample Mosquitto names the session after the login whatever is asked; a broker that
    // lets clients choose (NATS) gets an id nobody can guess to take the session over.
    clientId: `fleet-exporter-${randomBytes(8).toString('hex')}`,
    clean: true,
    keepalive: 30,
    reconnectPeriod: 5000,
    connectTimeout: 10_000,
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
    ...(options.caFile ? { ca: readFileSync(options.caFile) } : {}),
  });
  client.on('connect', () => {
    connected = true;
    log(`Exporter: connected to ${options.brokerUrl}`);
    client.subscribe(
      [
        everyKiosk(options.prefix, 'status'),
        everyKiosk(options.prefix, 'health'),
        everyKioskCertificates(options.prefix),
        revocationsTopic(options.prefix),
      ],
      { qos: SUBSCRIPTION_QOS },
    );
  });
  client.on('close', () => {
    if (connected) log('Exporter: lost the broker; reconnecting');
    connected = false;
  });
  client.on('error', (error) => log(`Exporter: ${error.message}`));
  client.on('message', (topic, payload) => {
    if (trust.handles(topic)) {
      weighing = weighing.then(() => trust.take(topic, payload));
      return;
    }
    try {
      const reading = readFleetMessage(options.prefix, topic, payload);
      if (reading) table.take(reading, Date.now());
    } catch (error) {
      // Never: the reader does not throw. Logged rather than lost if it ever did.
      log(`Exporter: a message on ${topic} could not be read (${String(error)})`);
    }
  });

  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics here.\n');
      return;
    }
    metrics.render().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    port,
    table,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await client.endAsync(true);
    },
  };
}
