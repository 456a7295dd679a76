/**
 * What `npm run fleet:cluster` prints once its nodes are up: the commands, ready to paste,
 * that put simulated kiosks, the operator's console, a counter and the exporter on the
 * cluster it just started, with its own URLs, prefix and logins.
 */
import { DEFAULT_CONSOLE_PORT } from '../fleet-demo/fleet-options';

export interface ClusterCommandInput {
  mqttUrls: readonly string[];
  wsUrls: readonly string[];
  prefix: string;
  operatorPassword: string;
  kiosks: number;
  idPrefix: string;
  kioskPassword: string;
  counters: number;
  seconds: number;
}

export interface ClusterCommand {
  what: string;
  script: string;
  args: string[];
}

/** One shell word: as it is when plain, else single-quoted. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

export function commandLine({ script, args }: ClusterCommand): string {
  const run = script === 'start' ? 'npm start' : `npm run ${script}`;
  return [run, ...(args.length > 0 ? ['--', ...args.map(shellWord)] : [])].join(' ');
}

export function clusterCommands(input: ClusterCommandInput): ClusterCommand[] {
  const login = ['--username', 'operator', '--password', input.operatorPassword];
  const commands: ClusterCommand[] = [];
  if (input.kiosks > 0) {
    commands.push({
      what: `${input.kiosks} simulated kiosks, each on a node drawn at random`,
      script: 'fleet:simulate',
      args: [
        '--broker',
        input.mqttUrls.join(','),
        '--kiosks',
        String(input.kiosks),
        '--seconds',
        String(Math.min(input.seconds, 3600)),
        '--prefix',
        input.prefix,
        '--id-prefix',
        input.idPrefix,
        '--per-kiosk',
        '--password',
        input.kioskPassword,
      ],
    });
  }
  commands.push({
    what: 'the operator’s console (then open the address it prints)',
    script: 'fleet',
    args: ['--broker', input.wsUrls.join(','), ...login, '--prefix', input.prefix],
  });
  if (input.counters > 0) {
    commands.push({
      what: 'a pickup counter’s console, on another port',
      script: 'fleet',
      args: [
        '--broker',
        input.wsUrls.join(','),
        '--username',
        'counter-1',
        '--password',
        input.operatorPassword,
        '--prefix',
        input.prefix,
        '--counter',
        'Counter 1',
        '--port',
        String(DEFAULT_CONSOLE_PORT + 1),
      ],
    });
  }
  commands.push({
    what: 'the Prometheus exporter, at http://127.0.0.1:9464/metrics',
    script: 'fleet:exporter',
    args: [
      '--broker',
      input.mqttUrls[0] ?? '',
      ...login,
      '--prefix',
      input.prefix,
      '--port',
      '9464',
    ],
  });
  return commands;
}
