/**
 * docs/fleet/broker.md's sample, run as it is: Debian's Mosquitto started on the very conf
 * block (its paths and ports aside), with the doc's ACL and certificates made here. It starts
 * with no warning; the exporter, a console and a kiosk stay on it, each with its own login,
 * while every `mosquitto_pub` and `mosquitto_sub` the guides tell an operator to type runs
 * against it; and a counter's login asking for the kiosk's or the exporter's client id
 * displaces neither and sets off no Last Will.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExporter, type RunningExporter } from '../../services/exporter/fleet-exporter';
import { canConnect, restartablePort } from '../../tools/cluster/restartable-port';
import {
  makeCertificates,
  MOSQUITTO,
  MOSQUITTO_PASSWD,
  mosquittoUnavailable,
} from '../support/mosquitto';

const ROOT = join(__dirname, '../..');
const doc = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const BROKER_DOC = 'docs/fleet/broker.md';
/** The guides whose shell commands an operator is told to run. */
const GUIDES = [
  'docs/fleet/operator-guide.md',
  'docs/fleet/signed-config.md',
  'docs/fleet/overview.md',
];
const P = 'kiosk-shop';

/** The sample's conf blocks: the broker's (with listeners) and the ACL (with patterns). */
function sampleBlocks(): { config: string; acl: string; shell: string } {
  const text = doc(BROKER_DOC);
  const conf = [...text.matchAll(/```conf\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  const shell = [...text.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .find((block) => block.includes('-u operator-cli'));
  const config = conf.find((block) => block.includes('listener '));
  const acl = conf.find((block) => block.includes('\nuser operator\n'));
  if (!config || !acl || !shell) throw new Error(`${BROKER_DOC}: a sample block is missing`);
  return { config, acl, shell: shell.trim() };
}

/** Words of a shell command line, as a shell splits them (quotes and `\` line ends). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.replace(/\\\n/g, ' ').matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) {
    words.push(match[1] ?? match[2] ?? match[3] ?? '');
  }
  return words;
}

/** Every mosquitto_pub / mosquitto_sub command of the guides, as words. */
function guideCommands(): { source: string; words: string[] }[] {
  const found: { source: string; words: string[] }[] = [];
  for (const path of GUIDES) {
    const text = doc(path);
    const spans = [
      ...[...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((match) =>
        (match[1] ?? '').replace(/\\\n/g, ' ').split('\n'),
      ),
      ...[...text.matchAll(/`(mosquitto_(?:pub|sub) [^`]+)`/g)].map((match) => match[1] ?? ''),
    ];
    for (const span of spans) {
      const line = span.trim();
      if (/^mosquitto_(pub|sub) /.test(line)) found.push({ source: path, words: shellWords(line) });
    }
  }
  return found;
}

/** Gives `user` every file under `dir`, as a packaged broker's files are its own user's. */
function handTo(user: string, dir: string): void {
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, user], { encoding: 'utf8' }).stdout.trim());
  const [uid, gid] = [id('-u'), id('-g')];
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error(`no user ${user}`);
  const own = (path: string) => {
    chownSync(path, uid, gid);
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) own(join(path, name));
  };
  own(dir);
}

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[broker sample tests] skipped: ${skipReason}`);

/** The kiosk the doc's ACL names. */
const KIOSK = 'kiosk-0123456789ab';
const LOGINS = {
  operator: 'operator-pw',
  'operator-cli': 'operator-cli-pw',
  exporter: 'exporter-pw',
  'counter-1': 'counter-pw',
  [KIOSK]: 'kiosk-pw',
};

describe.skipIf(skipReason !== null)(`the sample of ${BROKER_DOC}, run as it is`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-broker-sample-'));
  // Unset if beforeAll failed before it got there: afterAll ends only what started.
  let broker: ChildProcess | undefined;
  let stderr = '';
  let kioskPort = 0;
  let consolePort = 0;
  let caFile = '';
  const logFile = join(dir, 'mosquitto.log');
  let exporter: RunningExporter | undefined;
  const exporterLog: string[] = [];
  let console_: MqttClient | undefined;
  let kiosk: MqttClient | undefined;
  const consoleCloses: number[] = [];
  const kioskCloses: number[] = [];
  const statuses: { topic: string; payload: string }[] = [];
  const clients: MqttClient[] = [];

  const tlsOptions = () => ({ ca: readFileSync(caFile), reconnectPeriod: 0, connectTimeout: 5000 });

  beforeAll(async () => {
    const { config, acl } = sampleBlocks();
    const taken = new Set<number>();
    kioskPort = await restartablePort({ taken });
    consolePort = await restartablePort({ taken });
    mkdirSync(join(dir, 'certs'));
    const made = makeCertificates(dir);
    caFile = join(dir, 'certs', 'ca.crt');
    copyFileSync(made.caFile, caFile);
    copyFileSync(made.certFile, join(dir, 'certs', 'broker.crt'));
    copyFileSync(made.keyFile, join(dir, 'certs', 'broker.key'));
    const passwords = (file: string, users: readonly (keyof typeof LOGINS)[]) => {
      const path = join(dir, file);
      writeFileSync(path, users.map((user) => `${user}:${LOGINS[user]}\n`).join(''), {
        mode: 0o600,
      });
      spawnSync(MOSQUITTO_PASSWD, ['-U', path], { timeout: 30_000 });
    };
    passwords('kiosk-shop.passwd', ['operator-cli', 'exporter', KIOSK]);
    passwords('kiosk-shop-operators.passwd', ['operator', 'counter-1']);
    writeFileSync(join(dir, 'kiosk-shop.acl'), acl, { mode: 0o600 });
    // Run as root, Mosquitto switches to its own user, as a packaged broker does: that user
    // owns the files here (`user root` would only be warned about).
    const asRoot = process.getuid?.() === 0;
    if (asRoot) handTo('mosquitto', dir);
    // The sample as it is, but for where its files are and which ports it listens on.
    const conf = [
      `log_dest file ${logFile}`,
      ...['error', 'warning', 'notice', 'information'].map((type) => `log_type ${type}`),
      'connection_messages true',
      config
        .replaceAll('/etc/mosquitto/', `${dir}/`)
        .replaceAll('/var/lib/mosquitto/', `${dir}/`)
        .replace(/^listener 8883$/m, `listener ${kioskPort} 127.0.0.1`)
        .replace(/^listener 8884$/m, `listener ${consolePort} 127.0.0.1`),
    ].join('\n');
    writeFileSync(join(dir, 'mosquitto.conf'), conf);
    broker = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    broker.stderr?.setEncoding('utf8');
    broker.stderr?.on('data', (chunk: string) => (stderr += chunk));
    const deadline = Date.now() + 10_000;
    for (const port of [kioskPort, consolePort]) {
      while (!(await canConnect(port))) {
        if (broker.exitCode !== null || Date.now() > deadline) {
          throw new Error(`mosquitto did not start on the sample:\n${stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    exporter = await startExporter({
      brokerUrl: `mqtts://127.0.0.1:${kioskPort}`,
      port: 0,
      prefix: P,
      username: 'exporter',
      password: LOGINS.exporter,
      caFile,
      catalogueMaxAgeMinutes: 60,
      log: (line) => exporterLog.push(line),
    });
    console_ = await mqtt.connectAsync(`wss://127.0.0.1:${consolePort}`, {
      ...tlsOptions(),
      username: 'operator',
      password: LOGINS.operator,
      clientId: `fleet-console-${Date.now()}`,
    });
    console_.on('close', () => consoleCloses.push(Date.now()));
    console_.on('message', (topic, payload) =>
      statuses.push({ topic, payload: payload.toString() }),
    );
    await console_.subscribeAsync(`${P}/kiosks/+/status`, { qos: 1 });
    kiosk = await mqtt.connectAsync(`mqtts://127.0.0.1:${kioskPort}`, {
      ...tlsOptions(),
      username: KIOSK,
      password: LOGINS[KIOSK],
      will: {
        topic: `${P}/kiosks/${KIOSK}/status`,
        payload: Buffer.from('{"state":"offline"}'),
        qos: 1,
        retain: true,
      },
    });
    kiosk.on('close', () => kioskCloses.push(Date.now()));
    await kiosk.publishAsync(`${P}/kiosks/${KIOSK}/status`, '{"state":"online"}', {
      qos: 1,
      retain: true,
    });
    for (let waited = 0; exporter.table.kiosks().length === 0; waited += 50) {
      if (waited > 10_000)
        throw new Error(`the exporter never saw the kiosk:\n${exporterLog.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await kiosk?.endAsync(true);
    await console_?.endAsync(true);
    await exporter?.close();
    const running = broker;
    if (running && running.exitCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  /** Nobody was thrown off: the exporter, the console and the kiosk kept their sessions. */
  const everyoneStayed = () => {
    expect(exporterLog.filter((line) => line.includes('lost the broker'))).toEqual([]);
    expect(consoleCloses).toEqual([]);
    expect(kioskCloses).toEqual([]);
    expect(statuses.map((status) => status.payload)).not.toContain('{"state":"offline"}');
  };

  it('starts Mosquitto 2 with no warning, and names each session by its login', () => {
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('mosquitto version 2.0.');
    // From the start to running (later lines are the clients', probes of its ports among them).
    const running = log.search(/mosquitto version \S+ running/);
    expect(running, log).toBeGreaterThan(0);
    const starting = log.slice(0, running);
    expect(starting).toMatch(/Config loaded/);
    expect(
      starting
        .split('\n')
        .filter((line) => /warning|note:|error|deprecated|recommended/i.test(line)),
    ).toEqual([]);
    expect(stderr).toBe('');
    expect(log).toMatch(/New client connected from \S+ as exporter /);
    expect(log).toMatch(/New client connected from \S+ as operator /);
    expect(log).toMatch(new RegExp(`New client connected from \\S+ as ${KIOSK} `));
  });

  it('runs every shell command the guides give, and throws neither the exporter, the console nor a kiosk off', async () => {
    const { shell } = sampleBlocks();
    const connection = shellWords(shell).map((word) =>
      word === 'broker.shop.example'
        ? '127.0.0.1'
        : word === '8883'
          ? String(kioskPort)
          : word === 'ca.crt'
            ? caFile
            : word === '…'
              ? LOGINS['operator-cli']
              : word,
    );
    const commands = guideCommands();
    // The guides give them: a fleet-wide config, a store's, a ping, diagnostics, a listing.
    expect(commands.length).toBeGreaterThanOrEqual(5);
    const work = mkdtempSync(join(dir, 'shell-'));
    for (const file of ['lyon-1.signed.json', 'idle.signed.json']) {
      writeFileSync(join(work, file), '{"config":{},"signature":""}');
    }
    for (const { source, words } of commands) {
      const [program, ...rest] = words;
      // `…` alone stands for the connection (broker.md, "From a shell"); after -P, a password.
      const args = rest.flatMap((word, index) =>
        word === '…' && rest[index - 1] !== '-P' ? connection : [word],
      );
      const expanded = args.map((word, index) =>
        args[index - 1] === '-h'
          ? '127.0.0.1'
          : args[index - 1] === '-p'
            ? String(kioskPort)
            : args[index - 1] === '--cafile'
              ? caFile
              : args[index - 1] === '-P'
                ? LOGINS['operator-cli']
                : word.replace('/ID/', `/${KIOSK}/`),
      );
      // A subscription runs until stopped: two seconds is enough to have listed something.
      const run = spawnSync(
        program ?? '',
        program === 'mosquitto_sub' ? [...expanded, '-W', '2'] : expanded,
        {
          cwd: work,
          encoding: 'utf8',
          timeout: 20_000,
        },
      );
      const said = `${source}: ${words.join(' ')}\n${run.stderr}`;
      if (program === 'mosquitto_pub') expect(run.status, said).toBe(0);
      expect(run.stderr, said).not.toMatch(/refused|not authori[sz]ed|error/i);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    everyoneStayed();
    expect(readFileSync(logFile, 'utf8')).toMatch(/New client connected from \S+ as operator-cli /);
  }, 120_000);

  it.each([
    ['the kiosk’s', KIOSK],
    ['the exporter’s', 'exporter'],
    ['the console’s', 'operator'],
  ])(
    'a counter’s login asking for %s client id displaces nobody and sets off no Last Will',
    async (_name, clientId) => {
      const counter = await mqtt.connectAsync(`wss://127.0.0.1:${consolePort}`, {
        ...tlsOptions(),
        username: 'counter-1',
        password: LOGINS['counter-1'],
        clientId,
      });
      clients.push(counter);
      expect(counter.connected).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      everyoneStayed();
      // The broker knew it by its login, not by the client id it asked for.
      expect(readFileSync(logFile, 'utf8')).toMatch(/New client connected from \S+ as counter-1 /);
      await counter.endAsync(true);
    },
  );
});
