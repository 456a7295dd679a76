/**
 * docs/fleet/broker.md's path for one shop on one machine, run as written: its conf block
 * and its shell steps in a scratch folder (the doc's ACL, its kiosk block named sim-0001),
 * ports aside. Mosquitto starts with no warning, `npm run fleet:simulate` as the page gives
 * it brings sim-0001 online, and the console's login on the WebSockets listener sees it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canConnect, restartablePort } from '../../tools/cluster/restartable-port';
import { MOSQUITTO, MOSQUITTO_PASSWD, mosquittoUnavailable } from '../support/mosquitto';

const ROOT = join(__dirname, '../..');
const text = readFileSync(join(ROOT, 'docs/fleet/broker.md'), 'utf8');
const section = text.slice(text.indexOf('## One shop on one machine'));
const blocks = (lang: string, from: string) =>
  [...from.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1] ?? '');

/** Words of a shell line, as a shell splits them (quotes aside). */
const words = (line: string): string[] =>
  [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');

const skipReason = mosquittoUnavailable();
if (skipReason) console.log(`[broker loopback test] skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('one shop on one machine, as broker.md gives it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-broker-loopback-'));
  let broker: ChildProcess | undefined;
  let simulator: ChildProcess | undefined;
  let log = '';
  let mqttPort = 0;
  let wsPort = 0;

  beforeAll(async () => {
    const [config = ''] = blocks('conf', section);
    const [steps = '', commands = ''] = blocks('sh', section);
    const acl = blocks('conf', text).find((block) => block.includes('\nuser operator\n')) ?? '';
    writeFileSync(join(dir, 'kiosk-shop.acl'), acl.replaceAll('kiosk-0123456789ab', 'sim-0001'));
    const taken = new Set<number>();
    mqttPort = await restartablePort({ taken });
    wsPort = await restartablePort({ taken });
    writeFileSync(
      join(dir, 'mosquitto.conf'),
      config
        .replace('listener 1883 127.0.0.1', `listener ${mqttPort} 127.0.0.1`)
        .replace('listener 9001 127.0.0.1', `listener ${wsPort} 127.0.0.1`),
    );
    const lines = steps.trim().split('\n');
    expect(lines.at(-1)).toBe('mosquitto -c mosquitto.conf');
    for (const line of lines.slice(0, -1)) {
      const [command, ...args] = words(line);
      expect(command).toBe('mosquitto_passwd');
      const run = spawnSync(MOSQUITTO_PASSWD, args, { cwd: dir, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
    }
    // Run as root, Mosquitto switches to its own user: the folder must be that user's.
    if (process.getuid?.() === 0) {
      const id = (flag: string) =>
        Number(spawnSync('id', [flag, 'mosquitto'], { encoding: 'utf8' }).stdout.trim());
      for (const name of ['.', ...readdirSync(dir)]) {
        chownSync(join(dir, name), id('-u'), id('-g'));
      }
    }
    const child = spawn(MOSQUITTO, ['-c', 'mosquitto.conf'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    broker = child;
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const deadline = Date.now() + 10_000;
    for (const port of [mqttPort, wsPort]) {
      while (!(await canConnect(port))) {
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`mosquitto did not start on the doc's block:\n${log}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const simulate = commands.split('\n').find((line) => line.includes('fleet:simulate')) ?? '';
    const args = words(simulate.slice(simulate.indexOf('-- ') + 3)).map((word) =>
      word.replace('mqtt://127.0.0.1:1883', `mqtt://127.0.0.1:${mqttPort}`),
    );
    simulator = spawn(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['scripts/fleet/fleet-simulate.ts', ...args],
      { cwd: ROOT, stdio: 'ignore' },
    );
  }, 60_000);

  afterAll(async () => {
    simulator?.kill();
    // It saves its retained messages as it stops: the folder goes once it has.
    const running = broker;
    if (running && running.exitCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill();
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts with no warning, and the console’s login sees the simulated kiosk online', async () => {
    const console_ = await mqtt.connectAsync(`ws://127.0.0.1:${wsPort}`, {
      username: 'operator',
      password: 'operator-secret',
      reconnectPeriod: 0,
    });
    try {
      const online = new Promise<string>((resolve) => {
        console_.on('message', (topic, payload) => {
          if (payload.toString().includes('"state":"online"')) resolve(topic);
        });
      });
      await console_.subscribeAsync('kiosk-shop/kiosks/+/status', { qos: 1 });
      expect(await online).toBe('kiosk-shop/kiosks/sim-0001/status');
    } finally {
      await console_.endAsync(true);
    }
    expect(log).toContain('running');
    expect(log).not.toMatch(/warning/i);
  }, 60_000);
});
