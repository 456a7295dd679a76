/**
 * The commands `npm run fleet:cluster` prints are ready to paste: each is read by the very
 * option parser of the command it names, and lands on the cluster's own nodes and logins.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readExporterOptions } from '../../../services/exporter/exporter-options';
import { clusterCommands, commandLine, shellWord } from '../../../tools/cluster/cluster-commands';
import { parseServeOptions } from '../../../services/shop/cli/serve-options';
import { parseFleetOptions } from '../../../tools/fleet-demo/fleet-options';
import { readSimulateOptions } from '../../../tools/simulator/simulate-options';

const cluster = {
  mqttUrls: ['mqtt://127.0.0.1:41001', 'mqtt://127.0.0.1:41002', 'mqtt://127.0.0.1:41003'],
  wsUrls: ['ws://127.0.0.1:42001', 'ws://127.0.0.1:42002', 'ws://127.0.0.1:42003'],
  prefix: 'chain-north',
  operatorPassword: "op's secret",
  kiosks: 50,
  idPrefix: 'sim',
  kioskPassword: 'pw-{id}',
  seconds: 600,
};

/** The words a POSIX shell would pass for `line` (as `sh -c` splits it). */
function shellWords(line: string): string[] {
  const run = spawnSync('sh', ['-c', `for word in ${line}; do printf '%s\\0' "$word"; done`], {
    encoding: 'utf8',
  });
  return run.stdout.split('\0').slice(0, -1);
}

describe('the commands npm run fleet:cluster prints', () => {
  const commands = clusterCommands(cluster);
  const byScript = (script: string) => commands.filter((command) => command.script === script);

  it('put kiosks, the console, a counter and the exporter on the cluster', () => {
    expect(commands.map(({ script }) => script)).toEqual([
      'fleet:simulate',
      'fleet',
      'shop-service',
      'fleet:exporter',
    ]);
  });

  it('are each read by the command’s own options, with the cluster’s nodes and logins', () => {
    const [simulate] = byScript('fleet:simulate');
    const kiosks = readSimulateOptions(simulate?.args ?? []);
    expect(kiosks.brokers).toEqual(cluster.mqttUrls);
    expect(kiosks.kiosks).toBe(50);
    expect(kiosks.fleet[0]).toMatchObject({
      kioskId: 'sim-0001',
      topicPrefix: 'chain-north',
      username: 'sim-0001',
      password: 'pw-sim-0001',
    });

    const [operator] = byScript('fleet');
    expect(parseFleetOptions(operator?.args ?? [])).toMatchObject({
      broker: cluster.wsUrls.join(','),
      username: 'operator',
      password: "op's secret",
      prefix: 'chain-north',
    });
    // The counters' service, with the enrolment key the operator keeps in its environment.
    const [counters] = byScript('shop-service');
    const enrolmentKey = 'A'.repeat(43);
    expect(
      parseServeOptions(counters?.args ?? [], { SHOP_ENROLMENT_KEY: enrolmentKey }),
    ).toMatchObject({ trust: { prefix: 'chain-north', enrolmentKey } });
    expect(counters?.what).toContain('http://127.0.0.1:8470/#/counter');

    const [exporter] = byScript('fleet:exporter');
    expect(readExporterOptions(exporter?.args ?? [], {}).exporter).toMatchObject({
      brokerUrl: cluster.mqttUrls[0],
      username: 'operator',
      password: "op's secret",
      prefix: 'chain-north',
    });
  });

  it('survive the paste: a shell hands each command exactly its words', () => {
    for (const command of commands) {
      expect(shellWords(commandLine(command))).toEqual([
        'npm',
        'run',
        command.script,
        '--',
        ...command.args,
      ]);
    }
    expect(shellWord('pw-{id}')).toBe("'pw-{id}'");
    expect(shellWord('mqtt://127.0.0.1:1,mqtt://127.0.0.1:2')).toBe(
      'mqtt://127.0.0.1:1,mqtt://127.0.0.1:2',
    );
  });
});
