import { describe, expect, it } from 'vitest';
import { createExporterMetrics } from '../../../services/exporter/fleet-exporter-metrics';
import {
  createFleetTable,
  readFleetMessage,
} from '../../../services/exporter/fleet-exporter-readings';

const P = 'kiosk-shop';
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('the exporter’s metrics', () => {
  it('serve the last lost link a kiosk reported as when it was lost and when it was back', async () => {
    const table = createFleetTable();
    const reading = readFleetMessage(
      P,
      `${P}/kiosks/k1/status`,
      encode({
        state: 'offline',
        lostAt: '2026-11-23T10:05:00.000Z',
        reportedAt: '2026-11-23T10:05:02.500Z',
      }),
    );
    if (reading) table.take(reading, Date.now());
    const metrics = createExporterMetrics({
      table,
      catalogueMaxAgeMinutes: 60,
      brokerConnected: () => true,
    });
    const text = await metrics.render();
    const labels = '{kiosk="k1",store="",region=""}';
    const start = Date.parse('2026-11-23T10:05:00.000Z') / 1000;
    expect(text).toContain(`kiosk_shop_lost_link_start_timestamp_seconds${labels} ${start}`);
    expect(text).toContain(`kiosk_shop_lost_link_end_timestamp_seconds${labels} ${start + 2.5}`);
  });

  it('serve no lost link for a kiosk that reported none', async () => {
    const table = createFleetTable();
    const reading = readFleetMessage(P, `${P}/kiosks/k1/status`, encode({ state: 'offline' }));
    if (reading) table.take(reading, Date.now());
    const text = await createExporterMetrics({
      table,
      catalogueMaxAgeMinutes: 60,
      brokerConnected: () => true,
    }).render();
    expect(text).not.toMatch(/lost_link_start_timestamp_seconds\{/);
  });
});
