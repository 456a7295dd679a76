/**
 * The kiosk settings the fleet agent reads, under the kiosk config's own dotted names. The
 * table that declares, validates and layers them is the kiosk's (its main process owns the
 * config files); whoever runs the agent hands it a config that has at least these, and the
 * compiler holds the two together where the kiosk passes its config in.
 */
export interface FleetSettings {
  /** One broker; '' when the fleet is off or a cluster is listed instead. */
  'fleet.brokerUrl': string;
  /** The equal nodes of a cluster; empty: fleet.brokerUrl alone. */
  'fleet.brokerUrls': string[];
  /** PEM files for TLS to the broker: a CA, and this kiosk's certificate and key ('' = none). */
  'fleet.ca': string;
  'fleet.cert': string;
  'fleet.key': string;
  /** The store and region of the machine-wide file ('' = none), until a certificate says. */
  'fleet.store': string;
  'fleet.region': string;
}
