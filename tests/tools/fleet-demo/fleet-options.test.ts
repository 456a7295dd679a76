import { describe, expect, it } from 'vitest';
import { DEFAULT_CONSOLE_PORT, parseFleetOptions } from '../../../tools/fleet-demo/fleet-options';

describe('npm run fleet options', () => {
  it('default to the demo broker, the demo catalogue and loopback ports', () => {
    expect(parseFleetOptions([])).toEqual({
      broker: null,
      username: null,
      password: null,
      prefix: 'kiosk-shop',
      catalogue: '/api',
      enrolmentKey: null,
      shopService: null,
      port: DEFAULT_CONSOLE_PORT,
      mqttPort: 1883,
      wsPort: 9001,
      build: true,
      open: false,
    });
  });

  it('take a real broker with credentials', () => {
    expect(
      parseFleetOptions([
        '--broker',
        'wss://broker.example.com:8084/mqtt',
        '--username',
        'op',
        '--password',
        's3cret',
        '--no-build',
      ]),
    ).toMatchObject({
      broker: 'wss://broker.example.com:8084/mqtt',
      username: 'op',
      password: 's3cret',
      build: false,
    });
  });

  it('take the enrolment public key and the shop service for the page', () => {
    const key = 'fa4Dw6CzM9N-AiyeqjZCmJ3E2TlZm_hdYfr-oEOrX_Y';
    expect(
      parseFleetOptions(['--enrolment-key', key, '--shop-service', 'http://127.0.0.1:8470']),
    ).toMatchObject({
      enrolmentKey: key,
      shopService: 'http://127.0.0.1:8470',
    });
    // A base64url key may begin with "-": given with "=", it is still one argument.
    const dashed = `-${key.slice(1)}`;
    expect(parseFleetOptions([`--enrolment-key=${dashed}`])).toMatchObject({
      enrolmentKey: dashed,
    });
  });

  it('take a cluster’s WebSockets URLs, comma-separated', () => {
    expect(parseFleetOptions(['--broker', 'ws://127.0.0.1:1,ws://127.0.0.1:2'])).toMatchObject({
      broker: 'ws://127.0.0.1:1,ws://127.0.0.1:2',
    });
  });

  it.each([
    [['--enrolment-key', 'not-a-key'], /--enrolment-key must be a public key/],
    [['--shop-service', 'ftp://shop'], /--shop-service must be/],
    [['--counter', 'Counter 2'], /Unknown option/],
    [['--broker', 'mqtt://127.0.0.1:1883'], /a browser cannot speak mqtt/],
    [['--broker', 'ws://127.0.0.1:1,mqtt://127.0.0.1:2'], /got "mqtt:\/\/127.0.0.1:2"/],
    [['--broker', ' , '], /--broker must be/],
    [['--prefix', 'a/#'], /--prefix/],
    [['--catalogue', 'ftp://x'], /--catalogue/],
    [['--port', '70000'], /--port must be a port/],
    [['--username', 'op'], /both --username and --password/],
    [['--brokr', 'ws://x'], /Unknown option/],
  ])('refuse %j in one line', (argv, message) => {
    expect(() => parseFleetOptions(argv)).toThrow(message);
  });
});
