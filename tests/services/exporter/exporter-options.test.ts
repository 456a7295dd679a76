/**
 * The exporter's options: what the command line and the environment give it, checked before
 * anything connects; its default catalogue age, the kiosks' own; and the kiosks' transport
 * rule: plain MQTT only to this machine, and never with a CA.
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
        'exporter',
        '--ca',
        '/etc/kiosk-shop/ca.crt',
        '--enrolment-key=Wq3xN7eYv0Jp2s5o8RkT1mZc4LhB6uAd9fGiE0yKwQs',
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
      username: 'exporter',
      password: 'from-env',
      caFile: '/etc/kiosk-shop/ca.crt',
      enrolmentKey: 'Wq3xN7eYv0Jp2s5o8RkT1mZc4LhB6uAd9fGiE0yKwQs',
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
    [[...BROKER, '--enrolment-key=not-a-key'], '--enrolment-key must be the enrolment public key'],
    [
      ['--broker', 'mqtt://broker.shop.example:1883', '--port', '9464'],
      'plain mqtt:// to another machine would send the login in the clear',
    ],
    [
      ['--broker', 'ws://10.0.0.5:9001', '--port', '9464'],
      'plain ws:// to another machine would send the login in the clear',
    ],
    [
      ['--broker', 'mqtt://127.0.0.1:1883', '--port', '9464', '--ca', 'ca.crt'],
      '--ca is given but mqtt:// is not TLS',
    ],
  ])('refuses %j', (args, message) => {
    expect(() => readExporterOptions(args, {})).toThrow(message);
  });

  it('takes plain MQTT to this machine, and TLS to any other', () => {
    for (const broker of ['mqtt://127.0.0.1:1883', 'ws://localhost:9001', 'wss://broker.example']) {
      expect(
        readExporterOptions(['--broker', broker, '--port', '9464'], {}).exporter.brokerUrl,
      ).toBe(broker);
    }
  });
});
