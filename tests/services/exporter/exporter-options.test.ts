/**
 * The exporter's options: what the command line and the environment give it, checked before
 * anything connects; and its default catalogue age, the kiosks' own.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../shared/kiosk-config/config-keys';
import {
  DEFAULT_CATALOGUE_MAX_AGE_MINUTES,
  readExporterOptions,
} from '../../../services/exporter/exporter-options';

const BROKER = ['--broker', 'mqtts://broker.shop.example:8883', '--port', '9464'];

describe('the exporter’s options', () => {
  it('judges a stale catalogue by the kiosks’ own default age', () => {
    expect(DEFAULT_CATALOGUE_MAX_AGE_MINUTES).toBe(DEFAULT_CONFIG.catalogueMaxAgeMinutes);
    expect(readExporterOptions(BROKER, {}).exporter.catalogueMaxAgeMinutes).toBe(
      DEFAULT_CATALOGUE_MAX_AGE_MINUTES,
    );
  });

  it('reads every flag, and the operator’s password from the environment', () => {
    const { exporter, seconds } = readExporterOptions(
      [
        ...BROKER,
        '--username',
        'operator',
        '--ca',
        '/etc/kiosk-shop/ca.crt',
        '--prefix',
        'chain/north',
        '--catalogue-max-age',
        '240',
        '--seconds',
        '30',
      ],
      { FLEET_EXPORTER_PASSWORD: 'from-env' },
    );
    expect(exporter).toEqual({
      brokerUrl: 'mqtts://broker.shop.example:8883',
      port: 9464,
      prefix: 'chain/north',
      username: 'operator',
      password: 'from-env',
      caFile: '/etc/kiosk-shop/ca.crt',
      catalogueMaxAgeMinutes: 240,
    });
    expect(seconds).toBe(30);
  });

  it('takes --password over the environment, and runs until stopped without --seconds', () => {
    const { exporter, seconds } = readExporterOptions([...BROKER, '--password', 'flag'], {
      FLEET_EXPORTER_PASSWORD: 'from-env',
    });
    expect(exporter.password).toBe('flag');
    expect(exporter.prefix).toBe('kiosk-shop');
    expect(seconds).toBeUndefined();
  });

  it.each([
    [['--broker', 'http://127.0.0.1', '--port', '1'], '--broker must be an mqtt://'],
    [['--broker', 'mqtt://127.0.0.1'], '--port must be a port number'],
    [['--broker', 'mqtt://127.0.0.1', '--port', '65536'], '--port must be a port number'],
    [['--broker', 'mqtt://127.0.0.1', '--port', '0'], '--port must be a whole number ≥ 1'],
    [[...BROKER, '--prefix', 'a/+'], '--prefix is not a valid topic prefix'],
    [[...BROKER, '--catalogue-max-age', '1.5'], '--catalogue-max-age must be a whole number'],
    [[...BROKER, '--seconds', '0'], '--seconds must be a whole number ≥ 1'],
  ])('refuses %j', (args, message) => {
    expect(() => readExporterOptions(args, {})).toThrow(message);
  });
});
