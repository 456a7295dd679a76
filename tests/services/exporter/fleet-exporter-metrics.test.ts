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

  it('label a kiosk by its certificate’s store and region, and serve a claim that contradicts it as a mismatch', async () => {
    const table = createFleetTable({ maxKiosks: 2 });
    for (const [id, store] of [
      ['kiosk-x', 'lyon-1'],
      ['kiosk-y', 'lyon-1'],
      ['kiosk-z', 'lyon-1'],
    ] as const) {
      const reading = readFleetMessage(
        P,
        `${P}/kiosks/${id}/status`,
        encode({
          state: 'online',
          version: '0.1.0',
          startedAt: '2026-11-23T10:00:00.000Z',
          publicKey: null,
          store,
          region: 'eu-west',
        }),
      );
      if (reading) table.take(reading, Date.now());
    }
    const text = await createExporterMetrics({
      table,
      catalogueMaxAgeMinutes: 60,
      brokerConnected: () => true,
      certified: (id) => (id === 'kiosk-x' ? { store: 'paris-9', region: 'eu-west' } : null),
      trustDropped: () => ({ refused: 4, overLimit: 0 }),
    }).render();
    expect(text).toContain(
      'kiosk_shop_kiosk_state{kiosk="kiosk-x",store="paris-9",region="eu-west",state="online"} 1',
    );
    // kiosk-y says lyon-1 too, but no certificate places it: no label, and no mismatch.
    expect(text).toContain(
      'kiosk_shop_kiosk_state{kiosk="kiosk-y",store="",region="",state="online"} 1',
    );
    expect(text).toContain(
      'kiosk_shop_kiosk_group_mismatch{kiosk="kiosk-x",store="paris-9",region="eu-west",group="store",claimed="lyon-1"} 1',
    );
    expect(text).not.toContain('kiosk_shop_kiosk_group_mismatch{kiosk="kiosk-y"');
    expect(text).not.toMatch(/group="region"/);
    expect(text).toContain('kiosk_shop_exporter_kiosk_limit 2');
    expect(text).toContain('kiosk_shop_exporter_dropped_messages{reason="over-limit"} 1');
    expect(text).toContain('kiosk_shop_exporter_dropped_messages{reason="refused-certificate"} 4');
  });
});
