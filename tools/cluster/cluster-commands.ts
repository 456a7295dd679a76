/**
 * What `npm run fleet:cluster` prints once its nodes are up: the commands, ready to paste,
 * that put simulated kiosks, the operator's console, the counters' shop service and the
 * exporter on the cluster it just started, with its own URLs, prefix and logins.
 */
import { DEFAULT_PORT } from '../../services/shop/cli/usage';

export interface ClusterCommandInput {
  mqttUrls: readonly string[];
  wsUrls: readonly string[];
  prefix: string;
  operatorPassword: string;
  kiosks: number;
  idPrefix: string;
  kioskPassword: string;
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
  // Counters need no broker login: the shop service checks and records their handovers and
  // serves their page. It takes the enrolment key from the environment, which the operator
  // has and this cluster does not.
  commands.push({
    what: `the shop service for the counters (with SHOP_ENROLMENT_KEY set to the enrolment public key; then open http://127.0.0.1:${DEFAULT_PORT}/#/counter)`,
    script: 'shop-service',
    args: ['--prefix', input.prefix],
  });
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
