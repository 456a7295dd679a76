import type { App } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  findForbiddenSwitches,
  isForbiddenSwitch,
  refuseForbiddenSwitches,
  SWITCHES_REFUSED_FLAG,
} from '../../../electron/main/debug-switches';
import { as, FakeApp, fakeLogger } from '../support/fake-electron';

vi.mock('electron', () => ({}));

const EXE = '/opt/Kiosk Shop/kiosk-shop';

describe('switches an installed kiosk refuses', () => {
  it.each([
    '--remote-debugging-port=9222',
    '--remote-debugging-pipe',
    '--remote-debugging-address=0.0.0.0',
    '--remote-allow-origins=*',
    '--inspect',
    '--inspect=9229',
    '--inspect-brk=0.0.0.0:9229',
    '--inspect-port=9229',
    '--no-sandbox',
    '--disable-gpu-sandbox',
    '--disable-setuid-sandbox',
    '--disable-web-security',
    '--disable-site-isolation-trials',
    '--js-flags=--allow-natives-syntax',
    '--ignore-certificate-errors',
    '--host-resolver-rules=MAP * evil.example',
    '--disable-features=IsolateOrigins',
    '--renderer-cmd-prefix=gdb --args',
    '-no-sandbox',
    '/remote-debugging-port=9222',
    '--No-Sandbox',
    '--REMOTE-DEBUGGING-PORT=9222',
  ])('refuses %s', (arg) => {
    expect(isForbiddenSwitch(arg)).toBe(true);
  });

  // The switches that move or unlock the kiosk's transport, every form.
  const TRANSPORT = [
    ['proxy-server', 'http://10.0.0.66:3128'],
    ['proxy-pac-url', 'http://10.0.0.66/proxy.pac'],
    ['host-resolver-rules', 'MAP shop.example.com 10.0.0.66'],
    ['ignore-certificate-errors', '1'],
    ['disable-web-security', '1'],
  ] as const;
  it.each(
    TRANSPORT.flatMap(([name, value]) => [
      `--${name}`,
      `--${name}=${value}`,
      `-${name}=${value}`,
      `/${name}=${value}`,
      `--${name.toUpperCase()}=${value}`,
      `-${name.replace(/^./, (first) => first.toUpperCase())}`,
    ]),
  )('refuses %s', (arg) => {
    expect(isForbiddenSwitch(arg)).toBe(true);
  });

  it.each(TRANSPORT)('names --%s among the refused switches of a command line', (name, value) => {
    expect(findForbiddenSwitches([EXE, '--windowed', `-${name}=${value}`, '--kiosk'])).toEqual([
      `--${name}`,
    ]);
  });

  it.each(['--proxy-bypass-list=*', '--proxy-auto-detect'])(
    'refuses the proxy family: %s',
    (arg) => {
      expect(isForbiddenSwitch(arg)).toBe(true);
    },
  );

  it.each([
    '--windowed',
    '--kiosk',
    '--catalogue-url=https://shop.example.com',
    '--staff-pin=2468',
    '--relaunch-attempt=2',
    '--user-data-dir=/tmp/kiosk',
    '--lang=de',
    'https://remote-debugging-port.example',
    'http://proxy-server.example',
    '9222',
    '--',
  ])('keeps %s', (arg) => {
    expect(isForbiddenSwitch(arg)).toBe(false);
  });

  it('names each refused switch once and never looks at the executable', () => {
    expect(
      findForbiddenSwitches([
        '/no-sandbox/kiosk-shop',
        '--windowed',
        '--no-sandbox',
        '--remote-debugging-port=9222',
        '--no-sandbox',
      ]),
    ).toEqual(['--no-sandbox', '--remote-debugging-port']);
  });
});

describe('refusing them', () => {
  function run(argv: string[]) {
    const app = new FakeApp();
    const log = fakeLogger();
    const stop = refuseForbiddenSwitches(as<App>(app), argv, log);
    return { app, log, stop };
  }

  it('does nothing to a clean command line', () => {
    const { app, stop } = run([EXE, '--windowed']);
    expect(stop).toBe(false);
    expect(app.relaunch).not.toHaveBeenCalled();
    expect(app.exit).not.toHaveBeenCalled();
  });

  it('logs them, relaunches without them (and without the PIN) and exits', () => {
    const { app, log, stop } = run([
      EXE,
      '--remote-debugging-port=9222',
      '--windowed',
      '--no-sandbox',
      '--staff-pin=482913',
    ]);
    expect(stop).toBe(true);
    expect(log.warn).toHaveBeenCalledWith(
      'Security: refused --remote-debugging-port, --no-sandbox on an installed kiosk; relaunching without them',
    );
    expect(app.relaunch).toHaveBeenCalledWith({ args: ['--windowed', SWITCHES_REFUSED_FLAG] });
    expect(app.exit).toHaveBeenCalledWith(0);
    const [[options]] = app.relaunch.mock.calls as [[{ args: string[] }]];
    expect(findForbiddenSwitches([EXE, ...options.args])).toEqual([]);
  });

  it('does not loop when something adds them back: it refuses to open the shop', () => {
    const { app, log, stop } = run([EXE, '--no-sandbox', SWITCHES_REFUSED_FLAG]);
    expect(stop).toBe(true);
    expect(app.relaunch).not.toHaveBeenCalled();
    expect(app.exit).toHaveBeenCalledWith(1);
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('came back after a relaunch'));
  });
});
