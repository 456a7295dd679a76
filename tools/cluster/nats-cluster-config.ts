/**
 * The fleet on a NATS cluster: each node's nats-server config, written from one place for
 * `npm run fleet:cluster`, the cluster tests and the bench. Pure text, no processes.
 *
 * NATS speaks MQTT 3.1.1 on its `mqtt` listener and keeps retained messages and sessions in
 * JetStream, replicated across the nodes (so it needs JetStream and a server_name per node).
 * Its permissions are on NATS subjects: an MQTT topic `a/b/+` is the subject `a.b.*`, and
 * `a/#` is `a.>` (which, unlike MQTT's `#`, needs one more level: `a` itself is listed too).
 *
 * The fleet's ACL (docs/fleet/broker.md) maps onto it user by user: NATS 2.9's config file
 * has no `%u` pattern, so each kiosk gets its own user with its own subjects. A kiosk
 * publishes only under its own id and subscribes only to its own commands, config and
 * certificates and the fleet-wide ones; a counter reads certificates and the kiosks'
 * revocation list and publishes nothing; the will keeper reads every status and says only
 * those of the kiosks listed here; the operator has the whole prefix. Every MQTT user
 * may also subscribe to NATS's own `$MQTT.sub.>`, where the server delivers a QoS 1
 * subscription's messages. What cannot be written here (a client id bound to its login)
 * is in docs/fleet/cluster.md.
 */

export interface ClusterNodePorts {
  client: number;
  route: number;
  mqtt: number;
  ws: number;
}

export interface ClusterLogins {
  prefix: string;
  operator: { username: string; password: string };
  counters: Readonly<Record<string, string>>;
  kiosks: Readonly<Record<string, string>>;
  /** The will keeper's login (will-keeper.ts): reads and says the kiosks' statuses alone. */
  keeper?: { username: string; password: string };
}

/** An MQTT topic filter as the NATS subject its permission is written on. */
export function topicToSubject(topic: string): string {
  return topic
    .split('/')
    .map((level) => (level === '+' ? '*' : level === '#' ? '>' : level))
    .join('.');
}

/** MQTT's `a/#` matches `a` too; NATS's `a.>` does not, so both are granted. */
function subjectsOf(topic: string): string[] {
  const subject = topicToSubject(topic);
  return subject.endsWith('.>') ? [subject.slice(0, -2), subject] : [subject];
}

function grant(publish: readonly string[], subscribe: readonly string[]): NatsPermissions {
  return {
    publish: { allow: publish.flatMap(subjectsOf) },
    // Where NATS delivers a QoS 1 subscription's messages to an MQTT client.
    subscribe: { allow: [...subscribe.flatMap(subjectsOf), '$MQTT.sub.>'] },
  };
}

interface NatsPermissions {
  publish: { allow: string[] };
  subscribe: { allow: string[] };
}

/** The fleet's ACL as NATS permissions, per user (tests/tools/cluster/nats-cluster-config.test.ts). */
export function fleetPermissions(
  prefix: string,
  role:
    | { kind: 'operator' }
    | { kind: 'counter' }
    | { kind: 'keeper'; kioskIds: readonly string[] }
    | { kind: 'kiosk'; kioskId: string },
): NatsPermissions {
  const p = prefix;
  if (role.kind === 'operator') return grant([`${p}/#`], [`${p}/#`]);
  // The will keeper says the Last Wills a crashed node took with it: statuses only, and only
  // of the kiosks that have a login here, so its login can bring no kiosk id into being.
  if (role.kind === 'keeper') {
    return grant(
      role.kioskIds.map((kioskId) => `${p}/kiosks/${kioskId}/status`),
      [`${p}/kiosks/+/status`],
    );
  }
  // A counter's records are the shop service's: on the broker it only reads.
  if (role.kind === 'counter') {
    return grant([], [`${p}/kiosks/+/certificates/+`, `${p}/fleet/revocations`]);
  }
  const own = `${p}/kiosks/${role.kioskId}`;
  return grant(
    [
      `${own}/status`,
      `${own}/health`,
      `${own}/acks`,
      `${own}/screenshot`,
      `${own}/diagnostics`,
      `${own}/enrolment`,
    ],
    [
      // Its own status read back, to correct a Last Will published late (fleet-client.ts).
      `${own}/status`,
      `${own}/commands`,
      `${own}/config`,
      `${p}/kiosks/all/commands`,
      `${p}/fleet/config`,
      `${p}/fleet/stores/+/config`,
      `${p}/fleet/regions/+/config`,
      `${own}/certificates/+`,
      `${p}/fleet/revocations`,
    ],
  );
}

/** A JSON string: NATS's config format reads JSON strings. */
const q = (text: string): string => JSON.stringify(text);

function userBlock(username: string, password: string, permissions: NatsPermissions): string {
  const list = (subjects: string[]) => `[${subjects.map(q).join(', ')}]`;
  // NATS reads an empty allow list as no limit at all: a user who may publish nothing is
  // denied every subject instead.
  const publish =
    permissions.publish.allow.length === 0
      ? `deny: ${list(['>'])}`
      : `allow: ${list(permissions.publish.allow)}`;
  return `    { user: ${q(username)}, password: ${q(password)}, permissions: { publish: { ${publish} }, subscribe: { allow: ${list(permissions.subscribe.allow)} } } }`;
}

export interface NodeConfigOptions {
  name: string;
  ports: ClusterNodePorts;
  /** Every node's route port, this one's included. */
  routes: readonly number[];
  storeDir: string;
  logins: ClusterLogins;
  /** The largest message, bytes (the fleet's screenshot limit). */
  maxPayload: number;
  /** The file the users are in (written once, included by every node). */
  usersFile: string;
}

/** The users file every node includes: one user per login, with the fleet's permissions. */
export function usersConfig(logins: ClusterLogins): string {
  const { prefix } = logins;
  const users = [
    userBlock(
      logins.operator.username,
      logins.operator.password,
      fleetPermissions(prefix, { kind: 'operator' }),
    ),
    ...(logins.keeper
      ? [
          userBlock(
            logins.keeper.username,
            logins.keeper.password,
            fleetPermissions(prefix, { kind: 'keeper', kioskIds: Object.keys(logins.kiosks) }),
          ),
        ]
      : []),
    ...Object.entries(logins.counters).map(([name, password]) =>
      userBlock(name, password, fleetPermissions(prefix, { kind: 'counter' })),
    ),
    ...Object.entries(logins.kiosks).map(([kioskId, password]) =>
      userBlock(kioskId, password, fleetPermissions(prefix, { kind: 'kiosk', kioskId })),
    ),
  ];
  return `authorization {\n  users: [\n${users.join('\n')}\n  ]\n}\n`;
}

/**
 * One node's nats-server config: client, route and MQTT listeners on loopback. Its
 * WebSockets port is not nats-server's (whose `websocket` listener speaks NATS, not MQTT):
 * a bridge in front of the MQTT listener serves it (ws-tcp-bridge.ts).
 */
export function nodeConfig(options: NodeConfigOptions): string {
  const { ports } = options;
  return [
    `server_name: ${q(options.name)}`,
    `listen: "127.0.0.1:${ports.client}"`,
    `max_payload: ${options.maxPayload}`,
    // A planned stop (lame duck mode) closes its clients over 30 s (nats-server's shortest)
    // while the node still runs, so their Last Wills are published and kept; then it exits.
    `lame_duck_duration: "30s"`,
    `lame_duck_grace_period: "1s"`,
    // 10,000 kiosks' MQTT sessions and retained topics, replicated: room to spare.
    `jetstream { store_dir: ${q(options.storeDir)}, max_memory_store: 268435456, max_file_store: 2147483648 }`,
    `cluster {`,
    `  name: "kiosk-shop"`,
    `  listen: "127.0.0.1:${ports.route}"`,
    `  routes: [${options.routes.map((port) => q(`nats-route://127.0.0.1:${port}`)).join(', ')}]`,
    `}`,
    // Retained messages, sessions and each QoS 1 subscription's consumer on every node:
    // losing one loses nothing. (Consumers kept on one node only were tried: a session whose
    // consumers sat on the crashed node could not be taken over until it came back.)
    `mqtt { listen: "127.0.0.1:${ports.mqtt}", stream_replicas: 3 }`,
    // NATS resolves an include beside the config file.
    `include ${q(options.usersFile)}`,
    '',
  ].join('\n');
}
