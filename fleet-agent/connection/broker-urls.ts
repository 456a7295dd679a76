/**
 * The brokers a kiosk may connect to: fleet.brokerUrls when it names any, else
 * fleet.brokerUrl as a list of one, else none (no fleet). Every reader of "is there a
 * fleet, and where" asks here, so the two keys cannot disagree.
 */
import type { FleetSettings } from '../fleet-settings';

export type BrokerUrlSettings = Pick<FleetSettings, 'fleet.brokerUrl'> &
  Partial<Pick<FleetSettings, 'fleet.brokerUrls'>>;

export function fleetBrokerUrls(config: BrokerUrlSettings): readonly string[] {
  const list = config['fleet.brokerUrls'] ?? [];
  if (list.length > 0) return list;
  return config['fleet.brokerUrl'] === '' ? [] : [config['fleet.brokerUrl']];
}
