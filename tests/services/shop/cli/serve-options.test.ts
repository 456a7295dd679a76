import { describe, expect, it } from 'vitest';
import { parseServeOptions } from '../../../../services/shop/cli/serve-options';
import { DEFAULT_PORT } from '../../../../services/shop/cli/usage';
import { makeEnrolmentKey } from '../../../support/fixtures/kiosk-certificate';

const key = makeEnrolmentKey().publicText;

describe('the shop service’s command line', () => {
  it('defaults to loopback, PGlite in the per-user folder, kiosk-shop and 14 days', () => {
    const options = parseServeOptions([`--enrolment-key=${key}`], { HOME: '/home/shop' });
    expect(options).toMatchObject({
      host: '127.0.0.1',
      port: DEFAULT_PORT,
      database: { engine: 'pglite' },
      trust: { prefix: 'kiosk-shop', enrolmentKey: key, holdMs: 14 * 86_400_000 },
      allowOrigins: [],
      consoleDir: expect.stringMatching(/out[/\\]console$/) as unknown,
    });
    expect(options !== 'help' && options.dataDir).toMatch(/kiosk-shop[/\\]shop-service$/);
  });

  it('takes DATABASE_URL, --data, the key from the environment and the other flags', () => {
    const env = { DATABASE_URL: 'postgres://shop@db:5432/shop', SHOP_ENROLMENT_KEY: key };
    expect(
      parseServeOptions(['--port', '0', '--hold-days', '3', '--prefix', 'chain/shop-1'], env),
    ).toMatchObject({
      database: { engine: 'postgresql', url: env.DATABASE_URL },
      dataDir: null,
      port: 0,
      trust: { prefix: 'chain/shop-1', holdMs: 3 * 86_400_000 },
    });
    expect(
      parseServeOptions(
        [`--enrolment-key=${key}`, '--data', '/srv/shop', '--console', '/srv/ui'],
        {},
      ),
    ).toMatchObject({
      database: { engine: 'pglite', dataDir: '/srv/shop' },
      consoleDir: '/srv/ui',
    });
    expect(parseServeOptions(['--help'], {})).toBe('help');
  });

  it.each([
    [['--enrolment-key', 'nope'], /enrolment-key/],
    [[], /enrolment-key/],
    [
      [`--enrolment-key=${key}`, '--host', '0.0.0.0'],
      /^refusing to listen on 0\.0\.0\.0 without TLS/,
    ],
    [[`--enrolment-key=${key}`, '--tls-cert', 'a.pem'], /go together/],
    [[`--enrolment-key=${key}`, '--port', '70000'], /--port/],
    [[`--enrolment-key=${key}`, '--hold-days', '0'], /--hold-days/],
    [[`--enrolment-key=${key}`, '--prefix', 'a b'], /--prefix/],
    [
      [`--enrolment-key=${key}`, '--allow-origin', 'https://console.example/path'],
      /--allow-origin/,
    ],
    [[`--enrolment-key=${key}`, '--bogus'], /bogus/],
  ])('refuses %j in one line', (argv, message) => {
    expect(() => parseServeOptions(argv, {})).toThrow(message);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL’s', () => {
    expect(() =>
      parseServeOptions([`--enrolment-key=${key}`], { DATABASE_URL: 'mysql://x' }),
    ).toThrow(/DATABASE_URL/);
  });
});
