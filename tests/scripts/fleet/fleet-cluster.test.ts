/**
 * `npm run fleet:cluster`: three real nats-server nodes on loopback, their URLs printed,
 * and on SIGTERM every node stopped, every port free again and the folder gone. Also run
 * to its --seconds end.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../tools/repo-root';
import { natsServerUnavailable } from '../../../tools/cluster/nats-cluster';
import { canConnect, canListen } from '../../../tools/cluster/restartable-port';

const skipReason = natsServerUnavailable();
if (skipReason) console.log(`[fleet:cluster tests] skipped: ${skipReason}`);

const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

function runCluster(seconds: number) {
  const child = spawn(
    TSX,
    ['scripts/fleet/fleet-cluster.ts', '--seconds', String(seconds), '--kiosks', '2'],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const running = async () => {
    const deadline = Date.now() + 60_000;
    while (!out.includes('Running for')) {
      if (Date.now() > deadline) throw new Error(`never ran:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return out;
  };
  return { child, exited, running, output: () => out };
}

describe.skipIf(skipReason !== null)('npm run fleet:cluster', () => {
  it('prints three nodes’ MQTT and WebSockets URLs, and on SIGTERM leaves no node, port or folder', async () => {
    const run = runCluster(120);
    try {
      const out = await run.running();
      const mqttPorts = [...out.matchAll(/mqtt:\/\/127\.0\.0\.1:(\d+) \(kiosks\)/g)].map((m) =>
        Number(m[1]),
      );
      const wsPorts = [...out.matchAll(/ws:\/\/127\.0\.0\.1:(\d+) \(console\)/g)].map((m) =>
        Number(m[1]),
      );
      expect(mqttPorts).toHaveLength(3);
      expect(wsPorts).toHaveLength(3);
      expect(out).toContain('Will keeper: watching 3 nodes as will-keeper.');
      for (const port of [...mqttPorts, ...wsPorts]) expect(await canConnect(port)).toBe(true);
      const folder = /folder (\S+)/.exec(out)?.[1] ?? '';
      expect(existsSync(folder)).toBe(true);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('Cluster stopped; no node left running.');
      for (const port of [...mqttPorts, ...wsPorts]) expect(await canListen(port)).toBe(true);
      expect(existsSync(folder)).toBe(false);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 120_000);

  it('stops by itself after --seconds', async () => {
    const run = runCluster(1);
    try {
      await run.running();
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('Cluster stopped; no node left running.');
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 120_000);
});
