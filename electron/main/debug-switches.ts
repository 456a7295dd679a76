/**
 * Command-line switches an installed kiosk refuses: they open a debugger on the shop
 * (remote debugging, the Node inspector), take the sandbox, web security or certificate
 * checks away, or point the network somewhere else (proxies, host resolver rules); the
 * kiosk's network settings come from the operating system, never from its shortcut.
 * Whoever can edit the kiosk's shortcut or autostart entry must not get a devtools port, an
 * unsandboxed renderer or a man in the middle out of it. Chromium reads its switches
 * before any of our code runs, so the kiosk relaunches itself without them (index.ts).
 *
 * Development runs (npm start, Playwright's _electron) keep them: they are not packaged.
 */
import type { App } from 'electron';
import type { Logger } from './logging/logging';
import { planRelaunch, relaunchApp } from './self-care/relaunch';

/** Marks the process started without the refused switches, so a relaunch cannot loop. */
export const SWITCHES_REFUSED_FLAG = '--switches-refused';

/** Exact names, lower case. Electronegativity's list of dangerous switches, and more. */
const FORBIDDEN = new Set([
  'allow-file-access-from-files',
  'allow-no-sandbox-job',
  'allow-running-insecure-content',
  'auth-negotiate-delegate-whitelist',
  'auth-server-whitelist',
  'browser-subprocess-path',
  'cipher-suite-blacklist',
  'debug',
  'debug-brk',
  'debug-packed-apps',
  'disable-features',
  'disable-gpu-sandbox',
  'disable-kill-after-bad-ipc',
  'disable-namespace-sandbox',
  'disable-seccomp-filter-sandbox',
  'disable-setuid-sandbox',
  'disable-site-isolation-trials',
  'disable-web-security',
  'disable-webrtc-encryption',
  'disable-xss-auditor',
  'enable-local-file-accesses',
  'enable-nacl-debug',
  'explicitly-allowed-ports',
  'expose-internals-for-testing',
  'gpu-launcher',
  'host-resolver-rules',
  'host-rules',
  'ignore-certificate-errors',
  'ignore-certificate-errors-spki-list',
  'ignore-urlfetcher-cert-requests',
  'js-flags',
  'log-net-log',
  'nacl-dangerous-no-sandbox-nonsfi',
  'nacl-gdb-script',
  'net-log-capture-mode',
  'no-proxy-server',
  'no-sandbox',
  'no-zygote-sandbox',
  'reduce-security-for-testing',
  'renderer-cmd-prefix',
  'unsafely-treat-insecure-origin-as-secure',
  'utility-cmd-prefix',
  'winhttp-proxy-resolver',
]);

/**
 * Whole families: --inspect, --inspect-brk, --inspect-port…; --remote-debugging-port, -pipe…;
 * --proxy-server, --proxy-pac-url, --proxy-bypass-list, --proxy-auto-detect (a proxy of the
 * shortcut's choosing sees every plain-http request and chooses what each host resolves to).
 */
const FORBIDDEN_PREFIXES = ['inspect', 'remote-debugging-', 'remote-allow-origins', 'proxy-'];

/**
 * The switch name of `arg`, lower case, or null when it is not a switch. Chromium accepts
 * `--name`, `-name` and, on Windows, `/name`, and folds case on Windows; so do we, on every
 * platform, since refusing a harmless argument costs nothing.
 */
function switchName(arg: string): string | null {
  const match = /^(?:--|-|\/)([A-Za-z][\w-]*)(?:=|$)/.exec(arg);
  return match?.[1] ? match[1].toLowerCase() : null;
}

export function isForbiddenSwitch(arg: string): boolean {
  const name = switchName(arg);
  if (name === null) return false;
  return FORBIDDEN.has(name) || FORBIDDEN_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** The forbidden switches on a command line (argv[0], the executable, is not one), by name. */
export function findForbiddenSwitches(argv: readonly string[]): string[] {
  const names = argv
    .slice(1)
    .filter(isForbiddenSwitch)
    .map((arg) => `--${switchName(arg) ?? arg}`);
  return [...new Set(names)];
}

/**
 * On an installed kiosk: when the command line holds a forbidden switch, log it, start the
 * kiosk again without it and exit; true when this process must stop here. If the switches
 * come back anyway (electron-builder's AppImage launcher adds --no-sandbox where user
 * namespaces are off), the kiosk does not start the shop at all rather than loop or run
 * without a sandbox.
 */
export function refuseForbiddenSwitches(
  app: Pick<App, 'relaunch' | 'exit'>,
  argv: readonly string[],
  log: Logger,
): boolean {
  const found = findForbiddenSwitches(argv);
  if (found.length === 0) return false;
  if (argv.includes(SWITCHES_REFUSED_FLAG)) {
    log.error(
      `Security: ${found.join(', ')} came back after a relaunch without them; something adds them (an AppImage on a system without user namespaces adds --no-sandbox). Not opening the shop: install the .deb, or allow user namespaces`,
    );
    app.exit(1);
    return true;
  }
  log.warn(`Security: refused ${found.join(', ')} on an installed kiosk; relaunching without them`);
  relaunchApp(
    app,
    planRelaunch(argv, {
      drop: (arg) => isForbiddenSwitch(arg) || arg === SWITCHES_REFUSED_FLAG,
      add: [SWITCHES_REFUSED_FLAG],
    }),
  );
  app.exit(0);
  return true;
}
