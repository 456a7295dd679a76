/** The brokers a kiosk connects to: the list when it names any, else the single URL. */
import { describe, expect, it } from 'vitest';
import { fleetBrokerUrls } from '../../../fleet-agent/connection/broker-urls';

describe('the kiosk’s brokers', () => {
  it('is fleet.brokerUrls when it names any', () => {
    expect(
      fleetBrokerUrls({
        'fleet.brokerUrl': 'mqtts://one.example',
        'fleet.brokerUrls': ['mqtts://a.example', 'mqtts://b.example'],
      }),
    ).toEqual(['mqtts://a.example', 'mqtts://b.example']);
  });

  it('keeps fleet.brokerUrl working as a list of one', () => {
    expect(
      fleetBrokerUrls({ 'fleet.brokerUrl': 'mqtts://one.example', 'fleet.brokerUrls': [] }),
    ).toEqual(['mqtts://one.example']);
    expect(fleetBrokerUrls({ 'fleet.brokerUrl': 'mqtts://one.example' })).toEqual([
      'mqtts://one.example',
    ]);
  });

  it('is empty (no fleet) when neither names a broker', () => {
    expect(fleetBrokerUrls({ 'fleet.brokerUrl': '', 'fleet.brokerUrls': [] })).toEqual([]);
  });
});
