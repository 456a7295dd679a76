/**
 * The simulator's options: loopback brokers only, bounded counts, one kiosk id each, and
 * one login for all or one per kiosk; checked before any kiosk starts.
 */
import { describe, expect, it } from 'vitest';
import { readSimulateOptions } from '../../../tools/simulator/simulate-options';

const BROKER = ['--broker', 'mqtt://127.0.0.1:1883'];

describe('the simulator’s options', () => {
  it('runs 5 kiosks for 30 s by default, named sim-0001 …', () => {
    const options = readSimulateOptions(BROKER);
    expect(options.kiosks).toBe(5);
    expect(options.seconds).toBe(30);
    expect(options.fleet.map((kiosk) => kiosk.kioskId)).toEqual([
      'sim-0001',
      'sim-0002',
      'sim-0003',
      'sim-0004',
      'sim-0005',
    ]);
    expect(options.fleet[0]).toEqual({
      brokerUrls: ['mqtt://127.0.0.1:1883'],
      kioskId: 'sim-0001',
      topicPrefix: 'kiosk-shop',
      healthSeconds: 5,
      keepaliveSeconds: 30,
      configPublicKey: '',
      enrolmentPublicKey: '',
    });
  });

  it('gives each kiosk its own login with --per-kiosk, and numbers up to sim-5000', () => {
    const { fleet } = readSimulateOptions([
      '--broker',
      'mqtt://127.0.0.1:1,mqtt://localhost:2',
      '--kiosks',
      '2',
      '--id-prefix',
      'lane',
      '--per-kiosk',
      '--password',
      'pw-{id}',
    ]);
    expect(fleet.map(({ kioskId, username, password }) => [kioskId, username, password])).toEqual([
      ['lane-0001', 'lane-0001', 'pw-lane-0001'],
      ['lane-0002', 'lane-0002', 'pw-lane-0002'],
    ]);
    expect(fleet[0]?.brokerUrls).toEqual(['mqtt://127.0.0.1:1', 'mqtt://localhost:2']);
    const many = readSimulateOptions([...BROKER, '--kiosks', '5000']);
    expect(many.fleet.at(-1)?.kioskId).toBe('sim-5000');
  });

  it.each([
    [['--broker', 'mqtt://broker.shop.example:1883'], 'on this machine'],
    [[], 'on this machine'],
    [['--broker', 'mqtt://127.0.0.1:1,mqtt://127.0.0.1:1'], 'different brokers'],
    [[...BROKER, '--kiosks', '5001'], '--kiosks must be at most 5000'],
    [[...BROKER, '--seconds', '0'], '--seconds must be a whole number ≥ 1'],
    [[...BROKER, '--keepalive-seconds', '4'], '--keepalive-seconds must be a whole number ≥ 5'],
    [[...BROKER, '--prefix', 'a/#'], '--prefix is not a valid topic prefix'],
    [[...BROKER, '--id-prefix', 'a b'], '--id-prefix makes invalid kiosk ids'],
  ])('refuses %j', (args, message) => {
    expect(() => readSimulateOptions(args)).toThrow(message);
  });

  it('writes the first signed receipt’s QR where --receipt-png says, and nowhere by default', () => {
    expect(readSimulateOptions(BROKER).receiptPng).toBeUndefined();
    expect(readSimulateOptions([...BROKER, '--receipt-png', 'receipt.png']).receiptPng).toBe(
      'receipt.png',
    );
  });

  it('places every kiosk in --store and --region, and keeps shoppers away with --quiet', () => {
    const { fleet } = readSimulateOptions([
      ...BROKER,
      ...['--store', 'lyon-1', '--region', 'eu-west', '--quiet', '--kiosks', '2'],
    ]);
    for (const kiosk of fleet) {
      expect(kiosk).toMatchObject({ store: 'lyon-1', region: 'eu-west', shoppers: false });
    }
    expect(readSimulateOptions(BROKER).fleet[0]).not.toHaveProperty('shoppers');
    expect(() => readSimulateOptions([...BROKER, '--store', 'Main store'])).toThrow(
      '--store must be 1 to 64 letters, digits, - or _, got "Main store"',
    );
  });
});
