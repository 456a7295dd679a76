import { describe, expect, it } from 'vitest';
import { DEFAULT_CONSOLE_PORT, parseFleetOptions } from '../../../scripts/lib/fleet-options';

describe('npm run fleet options', () => {
  it('default to the demo broker, the demo catalogue and loopback ports', () => {
    expect(parseFleetOptions([])).toEqual({
      broker: null,
      username: null,
      password: null,
      prefix: 'kiosk-shop',
      catalogue: '/api',
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

  it.each([
    [['--broker', 'mqtt://127.0.0.1:1883'], /a browser cannot speak mqtt/],
    [['--prefix', 'a/#'], /--prefix/],
    [['--catalogue', 'ftp://x'], /--catalogue/],
    [['--port', '70000'], /--port must be a port/],
    [['--username', 'op'], /both --username and --password/],
    [['--brokr', 'ws://x'], /Unknown option/],
  ])('refuse %j in one line', (argv, message) => {
    expect(() => parseFleetOptions(argv)).toThrow(message);
  });
});
