/**
 * The exporter's Prometheus metrics (prom-client), drawn from the fleet table at every
 * scrape: nothing is kept between scrapes but the table, so a kiosk the operator retired
 * disappears from the next scrape. Every kiosk's series carry `kiosk`, `store` and `region`
 * labels: the store and region its certificate names (exporter-trust.ts), empty (which
 * Prometheus treats as absent) when it has none. A kiosk whose own status or health names
 * another store or region is a `kiosk_group_mismatch`. docs/fleet/alerts/kiosk-alerts.yml
 * holds the alert rules written on them.
 */
import { Gauge, Registry } from 'prom-client';
import type { KioskGroups } from '../../shared/fleet/groups';
import { groupMismatch } from '../../shared/fleet/trust/certified-groups';
import type { FleetTable, KioskFacts, KioskState } from './fleet-exporter-readings';

export const METRIC_PREFIX = 'kiosk_shop_';
const KIOSK_LABELS = ['kiosk', 'store', 'region'] as const;
const STATES: readonly KioskState[] = ['online', 'offline', 'asleep'];

export interface ExporterMetricsOptions {
  table: FleetTable;
  /** The kiosks' catalogueMaxAgeMinutes, for the stale-catalogue alert. */
  catalogueMaxAgeMinutes: number;
  brokerConnected(): boolean;
  /** The groups a kiosk's certificate in force names; null: none (or no key to check). */
  certified?: (kioskId: string) => KioskGroups | null;
  /** Certificates or revocation lists refused, and certificates past the bound. */
  trustDropped?: () => { refused: number; overLimit: number };
}

const labelsOf = (facts: KioskFacts, certified: KioskGroups | null) => ({
  kiosk: facts.kioskId,
  store: certified?.store ?? '',
  region: certified?.region ?? '',
});

export interface ExporterMetrics {
  readonly registry: Registry;
  readonly contentType: string;
  /** The text exposition of the fleet as the table says now. */
  render(): Promise<string>;
}

type GaugeMaker = <L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
) => Gauge<L>;

/** Each kiosk's series, registered in the order the exposition lists them. */
function kioskGauges(gauge: GaugeMaker) {
  return {
    state: gauge('kiosk_state', 'The kiosk is in this state (1) or not (0).', [
      ...KIOSK_LABELS,
      'state',
    ]),
    asleep: gauge(
      'kiosk_asleep',
      'The kiosk last said it sleeps outside opening hours (1), or not (0).',
      KIOSK_LABELS,
    ),
    info: gauge('kiosk_info', 'Always 1; the app version the kiosk runs.', [
      ...KIOSK_LABELS,
      'version',
    ]),
    printer: gauge(
      'printer_available',
      'The receipt printer is there (1) or not (0); absent while unknown.',
      KIOSK_LABELS,
    ),
    catalogueAge: gauge(
      'catalogue_age_minutes',
      'Minutes since the kiosk last loaded its catalogue.',
      KIOSK_LABELS,
    ),
    catalogueMaxAge: gauge(
      'catalogue_max_age_minutes',
      'The catalogue age above which the kiosk counts its catalogue as stale.',
      KIOSK_LABELS,
    ),
    memory: gauge('memory_megabytes', 'Working set of the kiosk’s processes, MB.', [
      ...KIOSK_LABELS,
      'process',
    ]),
    lastSeen: gauge(
      'last_seen_timestamp_seconds',
      'When the kiosk last said anything (its health’s time), Unix seconds.',
      KIOSK_LABELS,
    ),
    lostLinkStart: gauge(
      'lost_link_start_timestamp_seconds',
      'When the kiosk last lost its link to the fleet, as it reported on coming back, Unix seconds.',
      KIOSK_LABELS,
    ),
    lostLinkEnd: gauge(
      'lost_link_end_timestamp_seconds',
      'When the kiosk could report that lost link (its link back), Unix seconds.',
      KIOSK_LABELS,
    ),
    updateFailed: gauge(
      'update_failed',
      'The kiosk’s last update attempt failed (1), or not (0).',
      KIOSK_LABELS,
    ),
    mismatch: gauge(
      'kiosk_group_mismatch',
      'The kiosk’s own status or health names this store or region (claimed) where its certificate names another (the store and region labels).',
      [...KIOSK_LABELS, 'group', 'claimed'],
    ),
  };
}

type KioskGauges = ReturnType<typeof kioskGauges>;

/** One kiosk's series, as its latest facts say. */
function drawKiosk(
  gauges: KioskGauges,
  facts: KioskFacts,
  certified: KioskGroups | null,
  catalogueMaxAgeMinutes: number,
): void {
  const labels = labelsOf(facts, certified);
  const health = facts.health;
  const mismatch = groupMismatch(certified, facts.claimed);
  for (const group of ['store', 'region'] as const) {
    const found = mismatch?.[group];
    if (found) gauges.mismatch.set({ ...labels, group, claimed: found.claimed }, 1);
  }
  if (facts.state !== null) {
    for (const one of STATES) {
      gauges.state.set({ ...labels, state: one }, one === facts.state ? 1 : 0);
    }
  }
  gauges.asleep.set(labels, facts.state === 'asleep' || health?.asleep === true ? 1 : 0);
  gauges.info.set({ ...labels, version: facts.version ?? '' }, 1);
  gauges.catalogueMaxAge.set(labels, catalogueMaxAgeMinutes);
  if (facts.lastSeen !== null) gauges.lastSeen.set(labels, facts.lastSeen / 1000);
  if (facts.lostLink !== null) {
    gauges.lostLinkStart.set(labels, facts.lostLink.lostAt / 1000);
    gauges.lostLinkEnd.set(labels, facts.lostLink.reportedAt / 1000);
  }
  if (!health) return;
  if (health.printerAvailable !== null) {
    gauges.printer.set(labels, health.printerAvailable ? 1 : 0);
  }
  if (health.catalogueAgeMinutes !== null) {
    gauges.catalogueAge.set(labels, health.catalogueAgeMinutes);
  }
  if (health.mainMB !== null) gauges.memory.set({ ...labels, process: 'main' }, health.mainMB);
  if (health.rendererMB !== null) {
    gauges.memory.set({ ...labels, process: 'renderer' }, health.rendererMB);
  }
  gauges.updateFailed.set(labels, health.updateFailed ? 1 : 0);
}

export function createExporterMetrics(options: ExporterMetricsOptions): ExporterMetrics {
  const registry = new Registry();
  const gauge: GaugeMaker = (name, help, labelNames) =>
    new Gauge({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers: [registry] });

  const perKiosk = kioskGauges(gauge);
  const kiosks = gauge('exporter_kiosks', 'Kiosks the exporter knows of.', []);
  const ignored = gauge(
    'exporter_ignored_messages',
    'Messages too large or malformed since the exporter started.',
    [],
  );
  const connected = gauge(
    'exporter_broker_connected',
    'The exporter is connected to the broker (1) or not (0).',
    [],
  );
  const limit = gauge(
    'exporter_kiosk_limit',
    'The most kiosks the exporter keeps (enrolled ones first).',
    [],
  );
  const dropped = gauge(
    'exporter_dropped_messages',
    'Messages the exporter did not take in since it started, by why: over-limit (a kiosk past the limit), refused-certificate (a certificate or revocation list that did not verify, or was malformed), certificate-over-limit.',
    ['reason'],
  );
  const certifiedOf = options.certified ?? (() => null);

  // Drawn afresh at every scrape: reset, then set from the table as it is now.
  const refresh = (): void => {
    for (const metric of Object.values(perKiosk)) metric.reset();
    const all = options.table.kiosks();
    for (const facts of all) {
      drawKiosk(perKiosk, facts, certifiedOf(facts.kioskId), options.catalogueMaxAgeMinutes);
    }
    kiosks.set(all.length);
    ignored.set(options.table.ignored);
    connected.set(options.brokerConnected() ? 1 : 0);
    limit.set(options.table.limit);
    const trust = options.trustDropped?.() ?? { refused: 0, overLimit: 0 };
    dropped.set({ reason: 'over-limit' }, options.table.overLimit);
    dropped.set({ reason: 'refused-certificate' }, trust.refused);
    dropped.set({ reason: 'certificate-over-limit' }, trust.overLimit);
  };
  return {
    registry,
    contentType: registry.contentType,
    render: () => {
      refresh();
      return registry.metrics();
    },
  };
}
