/**
 * A real Debian Mosquitto for the fleet tests (kiosk and console): started on free loopback
 * ports with a generated config (a TCP listener, a WebSockets listener and, when asked, TLS
 * listeners with a CA and certificates made by openssl right here), a password file made
 * by mosquitto_passwd, and the ACL docs/fleet/broker.md recommends: a kiosk (username = kiosk id)
 * writes only under its own id (its enrolment request included), reads only its own
 * commands, config and certificates plus the fleet-wide ones; a counter login reads the
 * certificates and the kiosks' revocation list and writes nothing (the counter's records are
 * the shop service's); the operator reads everything and writes commands, configs,
 * certificates and revocations.
 *
 * Its listeners are the sample's: on every one (the kiosks' TCP and TLS, the console's
 * WebSockets) a client id is the login's user name (use_username_as_clientid), so no login
 * can take over another login's session or set off its Last Will; the console's listener
 * takes operators and counters only. Each long-lived client has a login of its own, as the
 * sample advises: the operator's console (`operator`, and `operators` for more), the
 * exporter (`exporter`). The tests' own watchers and writers use a listener of their own
 * (`watchUrl`, not in the sample: operators only, client ids free), so a test's observer
 * never takes over the session of the operator's client under test. A packet above the
 * fleet's largest message is refused by the broker itself (max_packet_size), and its sender
 * disconnected.
 *
 * Each test file starts its own broker and stops it by its own PID. Where mosquitto is not
 * installed, `mosquittoUnavailable()` says why, and the tests skip with that reason
 * (`.ci/run` installs it, so CI never skips).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canConnect, restartablePort } from '../../tools/cluster/restartable-port';
import { BROKER_PACKET_SIZE_LIMIT } from '../../shared/fleet/message-limits';
import { DEFAULT_TOPIC_PREFIX } from '../../shared/fleet/topics';

export const MOSQUITTO = process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto';
export const MOSQUITTO_PASSWD = process.env.MOSQUITTO_PASSWD_PATH ?? '/usr/bin/mosquitto_passwd';

export interface Credentials {
  username: string;
  password: string;
}

export interface MosquittoOptions {
  /** The topic prefix the ACL is written for; default `kiosk-shop`. */
  prefix?: string;
  /** Kiosk id → password; each may publish only under its own id. */
  kiosks?: Readonly<Record<string, string>>;
  /** Kiosks that log in with a client certificate only (its CN): an ACL block, no password. */
  certificateKiosks?: readonly string[];
  /** Default `operator` / `operator-secret`. */
  operator?: Credentials;
  /**
   * More operator logins (user → password), each with the operator's rights: one per
   * person or tool, as the sample advises (a second console, the shell's commands).
   */
  operators?: Readonly<Record<string, string>>;
  /** Counter user → password; each reads certificates and revocations, and writes nothing. */
  counters?: Readonly<Record<string, string>>;
  /**
   * TLS listeners: `mqtts://` with a server certificate from a CA made here, and with
   * `clientCertificates` a second one that requires a client certificate and takes its CN
   * as the username (so the same ACL applies).
   */
  tls?: boolean | { clientCertificates?: boolean };
  /** More broker-wide lines for mosquitto.conf (e.g. a larger `max_queued_messages`). */
  settings?: readonly string[];
}

export interface ClientCertificate {
  certFile: string;
  keyFile: string;
}

export interface Mosquitto {
  /** The kiosks' listener: client id = user name. */
  tcpUrl: string;
  /** The console's listener: operators and counters only, client id = user name. */
  wsUrl: string;
  /**
   * The tests' own listener, not in the sample: operators only, client ids free, for the
   * watchers and writers of a test (an operator's client under test uses tcpUrl or wsUrl).
   */
  watchUrl: string;
  /** With `tls`: server-authenticated TLS; clients log in with a password. */
  tlsUrl?: string;
  /** With `tls.clientCertificates`: TLS that requires a client certificate. */
  mtlsUrl?: string;
  /** With `tls`: the CA that signed the server's (and clients') certificates. */
  caFile?: string;
  /** With `tls.clientCertificates`: a certificate whose CN becomes the MQTT username. */
  issueClientCertificate?(commonName: string): ClientCertificate;
  operator: Credentials;
  /** The exporter's own login: reads statuses, health, certificates and the revocation list. */
  exporter: Credentials;
  prefix: string;
  /** The folder holding the config, password file, ACL, certificates and log. */
  dir: string;
  /** The broker's log so far (connections, refusals), for a failing test's message. */
  log(): string;
  /** Stops the broker (SIGTERM, then SIGKILL); the ports stay reserved for restart(). */
  stop(): Promise<void>;
  /** Starts it again on the same ports, with the same users (retained messages persist). */
  restart(): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
}

/** Why the broker cannot run here, or null when it can. */
export function mosquittoUnavailable(): string | null {
  for (const [binary, package_] of [
    [MOSQUITTO, 'mosquitto'],
    [MOSQUITTO_PASSWD, 'mosquitto'],
  ] as const) {
    const probe = spawnSync(binary, ['-h'], { encoding: 'utf8', timeout: 5000 });
    if (probe.error) {
      return `${binary} is not installed (apt-get install ${package_} mosquitto-clients openssl); .ci/run installs it`;
    }
  }
  return null;
}

/** Ports the broker can have back after `stop()`: see restartable-port.ts. */
async function brokerPorts(): Promise<BrokerPorts> {
  const taken = new Set<number>();
  const next = (): Promise<number> => restartablePort({ taken });
  return {
    tcp: await next(),
    ws: await next(),
    tls: await next(),
    mtls: await next(),
    watch: await next(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The messages Mosquitto may queue for one client. A console that subscribes is sent every
 * kiosk's retained status at once, and the WebSockets listener queues them all before it
 * writes one: at the default of 1,000 a fleet of 1,000 kiosks already loses a status. Two
 * per kiosk and a thousand more, for 10,000 kiosks.
 */
export const BROKER_QUEUED_MESSAGES = 21_000;

/** Broker-wide settings of docs/fleet/broker.md's sample (tests/docs/fleet-broker-config.test.ts). */
export const BROKER_SETTINGS: readonly string[] = [
  'per_listener_settings true',
  `max_packet_size ${BROKER_PACKET_SIZE_LIMIT}`,
  `max_queued_messages ${BROKER_QUEUED_MESSAGES}`,
];

/**
 * What the sample sets on every listener, beside its login files and certificates: a
 * client id is its login's user name, whatever the client asked for.
 */
export const LISTENER_SETTINGS: readonly string[] = ['use_username_as_clientid true'];

/** The exporter's login in the sample and the test broker. */
export const EXPORTER: Credentials = { username: 'exporter', password: 'exporter-secret' };

/** The login files of one listener (per_listener_settings: each listener names its own). */
function listenerAuth(passwordFile: string, aclFile: string): string[] {
  return ['allow_anonymous false', `password_file ${passwordFile}`, `acl_file ${aclFile}`];
}

/** Who else the ACL names, beside the operator and the counters. */
export interface AclLogins {
  /** More operators (a person's second login, the shell's commands): the operator's rights. */
  operators?: readonly string[];
  /** The exporter: reads what it serves, and the certificates that place each kiosk. */
  exporter?: string;
  /** The kiosks, each a block of its own (its user name is its kiosk id). */
  kiosks?: readonly string[];
}

/**
 * One kiosk's block: it writes only under its own id and reads its own topics and the
 * fleet-wide ones. A block per kiosk rather than `pattern` lines: Mosquitto warns at start
 * about a pattern without `%u` (the fleet-wide topics), and a pattern applies to every user,
 * so it would let a counter's or the exporter's login write a status under its own name.
 */
export function kioskAcl(prefix: string, kioskId: string): string[] {
  const own = `${prefix}/kiosks/${kioskId}`;
  return [
    `# ${kioskId} writes only under its own id, and reads its own and the fleet-wide topics`,
    `user ${kioskId}`,
    `topic readwrite ${own}/status`,
    `topic write ${own}/health`,
    `topic write ${own}/acks`,
    `topic write ${own}/screenshot`,
    `topic write ${own}/diagnostics`,
    `topic write ${own}/enrolment`,
    `topic read ${own}/commands`,
    `topic read ${own}/config`,
    `topic read ${own}/certificates/+`,
    `topic read ${prefix}/kiosks/all/commands`,
    `topic read ${prefix}/fleet/config`,
    `topic read ${prefix}/fleet/stores/+/config`,
    `topic read ${prefix}/fleet/regions/+/config`,
    `topic read ${prefix}/fleet/revocations`,
    '',
  ];
}

/** The ACL of docs/fleet/broker.md, for prefix `P` (tests/docs/fleet-acl.test.ts holds the two equal). */
export function fleetAcl(
  prefix: string,
  operator: string,
  counters: readonly string[] = [],
  { operators = [], exporter, kiosks = [] }: AclLogins = {},
): string {
  return [
    ...[operator, ...operators].flatMap((login) => [
      `# ${login} sees the whole fleet and steers it`,
      `user ${login}`,
      `topic readwrite ${prefix}/#`,
      '',
    ]),
    ...(exporter === undefined
      ? []
      : [
          `# ${exporter} reads what it serves as metrics, and the certificates that place each kiosk`,
          `user ${exporter}`,
          `topic read ${prefix}/kiosks/+/status`,
          `topic read ${prefix}/kiosks/+/health`,
          `topic read ${prefix}/kiosks/+/certificates/+`,
          `topic read ${prefix}/fleet/revocations`,
          '',
        ]),
    ...counters.flatMap((counter) => [
      `# ${counter} reads the kiosks' certificates and revocations, and writes nothing`,
      `user ${counter}`,
      `topic read ${prefix}/kiosks/+/certificates/+`,
      `topic read ${prefix}/fleet/revocations`,
      '',
    ]),
    ...kiosks.flatMap((kioskId) => kioskAcl(prefix, kioskId)),
  ].join('\n');
}

function openssl(args: readonly string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: 'pipe', timeout: 30_000 });
}

/** A CA and a server certificate for 127.0.0.1 and localhost, made with openssl. */
export function makeCertificates(dir: string): {
  caFile: string;
  certFile: string;
  keyFile: string;
} {
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(
    ['req', '-x509', ...ecKey, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2'].concat([
      '-subj',
      '/CN=Kiosk Shop test CA',
    ]),
    dir,
  );
  openssl(
    ['req', ...ecKey, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1'],
    dir,
  );
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key'].concat([
      '-CAcreateserial',
      '-out',
      'server.crt',
      '-days',
      '2',
      '-extfile',
      'server.ext',
    ]),
    dir,
  );
  return {
    caFile: join(dir, 'ca.crt'),
    certFile: join(dir, 'server.crt'),
    keyFile: join(dir, 'server.key'),
  };
}

function issueClientCertificate(dir: string, commonName: string): ClientCertificate {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(commonName)) throw new Error('invalid common name');
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  const base = `client-${commonName}`;
  openssl(
    [
      'req',
      ...ecKey,
      '-keyout',
      `${base}.key`,
      '-out',
      `${base}.csr`,
      '-subj',
      `/CN=${commonName}`,
    ],
    dir,
  );
  openssl(
    ['x509', '-req', '-in', `${base}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key'].concat([
      '-CAcreateserial',
      '-out',
      `${base}.crt`,
      '-days',
      '2',
    ]),
    dir,
  );
  return { certFile: join(dir, `${base}.crt`), keyFile: join(dir, `${base}.key`) };
}

/** One mosquitto_passwd run hashes every `user:password` line (-U), however many kiosks. */
function writePasswords(dir: string, file: string, users: Readonly<Record<string, string>>) {
  const path = join(dir, file);
  writeFileSync(
    path,
    Object.entries(users)
      .map(([user, password]) => `${user}:${password}\n`)
      .join(''),
    { mode: 0o600 },
  );
  execFileSync(MOSQUITTO_PASSWD, ['-U', path], { stdio: 'pipe', timeout: 30_000 });
  chmodSync(path, 0o600);
  return path;
}

/** The password files of the three listeners' kinds, and the ACL. */
interface LoginFiles {
  /** The kiosks' listeners: every login. */
  passwordFile: string;
  /** The console's listener: operators and counters. */
  operatorPasswordFile: string;
  /** The tests' own listener: operators. */
  watchPasswordFile: string;
  aclFile: string;
}

function writeLogins(
  dir: string,
  prefix: string,
  operator: Credentials,
  options: MosquittoOptions,
): LoginFiles {
  // Counters log in over TCP in the Node tests and over WebSockets from the console page.
  const operators = { [operator.username]: operator.password, ...options.operators };
  const aclFile = join(dir, 'acl');
  writeFileSync(
    aclFile,
    fleetAcl(prefix, operator.username, Object.keys(options.counters ?? {}), {
      operators: Object.keys(options.operators ?? {}),
      exporter: EXPORTER.username,
      kiosks: [...Object.keys(options.kiosks ?? {}), ...(options.certificateKiosks ?? [])],
    }),
    { mode: 0o600 },
  );
  return {
    passwordFile: writePasswords(dir, 'passwords', {
      ...operators,
      [EXPORTER.username]: EXPORTER.password,
      ...options.counters,
      ...options.kiosks,
    }),
    operatorPasswordFile: writePasswords(dir, 'operator-passwords', {
      ...operators,
      ...options.counters,
    }),
    watchPasswordFile: writePasswords(dir, 'watch-passwords', operators),
    aclFile,
  };
}

interface BrokerPorts {
  tcp: number;
  ws: number;
  tls: number;
  mtls: number;
  watch: number;
}

type Certificates = ReturnType<typeof makeCertificates>;

/** mosquitto.conf's lines: the sample's broker-wide settings and listeners, and the tests' own. */
function configLines(
  dir: string,
  logFile: string,
  ports: BrokerPorts,
  files: LoginFiles,
  certificates: Certificates | undefined,
  options: MosquittoOptions,
): string[] {
  const { passwordFile, operatorPasswordFile, watchPasswordFile, aclFile } = files;
  const lines = [
    // Running as root, mosquitto would switch to the `mosquitto` user, who cannot read here.
    ...(process.getuid?.() === 0 ? ['user root'] : []),
    ...BROKER_SETTINGS,
    ...(options.settings ?? []),
    'persistence true',
    `persistence_location ${dir}/`,
    `log_dest file ${logFile}`,
    'log_type error',
    'log_type warning',
    'log_type notice',
    'log_type information',
    'connection_messages true',
    `listener ${ports.tcp} 127.0.0.1`,
    ...LISTENER_SETTINGS,
    ...listenerAuth(passwordFile, aclFile),
    `listener ${ports.ws} 127.0.0.1`,
    'protocol websockets',
    ...LISTENER_SETTINGS,
    ...listenerAuth(operatorPasswordFile, aclFile),
    // The tests' own: client ids free, so their watchers never take the operator's session.
    `listener ${ports.watch} 127.0.0.1`,
    ...listenerAuth(watchPasswordFile, aclFile),
  ];
  if (!certificates) return lines;
  const serverTls = [
    `cafile ${certificates.caFile}`,
    `certfile ${certificates.certFile}`,
    `keyfile ${certificates.keyFile}`,
  ];
  lines.push(
    `listener ${ports.tls} 127.0.0.1`,
    ...LISTENER_SETTINGS,
    ...listenerAuth(passwordFile, aclFile),
    ...serverTls,
  );
  if (typeof options.tls === 'object' && options.tls.clientCertificates) {
    lines.push(
      `listener ${ports.mtls} 127.0.0.1`,
      ...LISTENER_SETTINGS,
      ...listenerAuth(passwordFile, aclFile),
      ...serverTls,
      'require_certificate true',
      'use_identity_as_username true',
    );
  }
  return lines;
}

/** The broker's process: started on its config, ready once every port answers; stopped by its PID. */
function brokerProcess(configFile: string, logFile: string, ports: readonly number[]) {
  let child: ChildProcess | null = null;
  let stderr = '';

  const readLog = (): string => {
    try {
      return readFileSync(logFile, 'utf8') + stderr;
    } catch {
      return stderr;
    }
  };

  const start = async (): Promise<void> => {
    stderr = '';
    const started = spawn(MOSQUITTO, ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    started.stderr.setEncoding('utf8');
    started.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-10_000);
    });
    child = started;
    const deadline = Date.now() + 10_000;
    for (const port of ports) {
      while (!(await canConnect(port))) {
        if (started.exitCode !== null || Date.now() > deadline) {
          throw new Error(`mosquitto did not start on port ${port}:\n${readLog()}`);
        }
        await sleep(50);
      }
    }
  };

  const stop = async (): Promise<void> => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const killed = setTimeout(() => running.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killed);
  };

  return { start, stop, readLog };
}

export async function startMosquitto(options: MosquittoOptions = {}): Promise<Mosquitto> {
  const reason = mosquittoUnavailable();
  if (reason) throw new Error(reason);
  const prefix = options.prefix ?? DEFAULT_TOPIC_PREFIX;
  const operator = options.operator ?? { username: 'operator', password: 'operator-secret' };
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-mosquitto-'));
  const tls = options.tls === true ? {} : options.tls === false ? undefined : options.tls;
  const files = writeLogins(dir, prefix, operator, options);

  const ports = await brokerPorts();
  const { tcp, ws, mtls, watch } = ports;
  const certificates = tls ? makeCertificates(dir) : undefined;
  const logFile = join(dir, 'mosquitto.log');
  const configFile = join(dir, 'mosquitto.conf');
  const lines = configLines(dir, logFile, ports, files, certificates, options);
  writeFileSync(configFile, `${lines.join('\n')}\n`);

  const listening = [tcp, ws, watch, ...(certificates ? [ports.tls] : [])];
  if (tls?.clientCertificates) listening.push(mtls);
  const broker = brokerProcess(configFile, logFile, listening);
  await broker.start();
  return {
    tcpUrl: `mqtt://127.0.0.1:${tcp}`,
    wsUrl: `ws://127.0.0.1:${ws}`,
    watchUrl: `mqtt://127.0.0.1:${watch}`,
    ...(certificates
      ? { tlsUrl: `mqtts://127.0.0.1:${ports.tls}`, caFile: certificates.caFile }
      : {}),
    ...(certificates && tls?.clientCertificates
      ? {
          mtlsUrl: `mqtts://127.0.0.1:${mtls}`,
          issueClientCertificate: (commonName: string) => issueClientCertificate(dir, commonName),
        }
      : {}),
    operator,
    exporter: EXPORTER,
    prefix,
    dir,
    log: broker.readLog,
    stop: broker.stop,
    restart: async () => {
      await broker.stop();
      await broker.start();
    },
    dispose: async () => {
      await broker.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
