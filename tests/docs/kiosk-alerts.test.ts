/**
 * The alert rules docs/fleet/alerts/kiosk-alerts.yml ships, loaded into Debian's promtool
 * and fed by the exporter itself: simulated kiosks on a real Mosquitto (the kiosk's own
 * fleet code), the exporter subscribed to them, and its /metrics scraped at three moments
 * (all well; each fault; all mended). Each scrape's samples become promtool input series
 * held for a phase (a day of the first, so memory has a day to compare with), and promtool
 * checks that every rule fires during the faults and that none fires before or after, nor
 * for a kiosk that went offline while asleep.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { startExporter, type RunningExporter } from '../../services/exporter/fleet-exporter';
import { createSimulatedKiosk, type SimulatedKiosk } from '../../tools/simulator/simulated-kiosk';
import { certificateTopic } from '../../shared/fleet/trust/trust-topics';
import {
  certificateFields,
  makeEnrolmentKey,
  makeReceiptKey,
  signCertificateWith,
} from '../support/fixtures/kiosk-certificate';
import { SAMPLE_HEALTH } from '../support/fixtures/kiosk-health';
import { mosquittoUnavailable, startMosquitto, type Mosquitto } from '../support/mosquitto';

const RULES = join(__dirname, '../../docs/fleet/alerts/kiosk-alerts.yml');
const FLOW_RULES = join(__dirname, '../../docs/fleet/alerts/order-flow-alerts.yml');
const GUIDE = join(__dirname, '../../docs/fleet/operator-guide.md');
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
const AMTOOL = process.env.AMTOOL_PATH ?? '/usr/bin/amtool';

/** The guide's YAML blocks: the Prometheus config, then the Alertmanager route. */
function guideYaml(): string[] {
  const guide = readFileSync(GUIDE, 'utf8');
  return [...guide.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

function promtoolUnavailable(): string | null {
  const probe = spawnSync(PROMTOOL, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return probe.error ? `${PROMTOOL} is not installed (apt-get install prometheus)` : null;
}

const skipReason = promtoolUnavailable() ?? mosquittoUnavailable();
if (skipReason) console.log(`[alert rules tests] skipped: ${skipReason}`);

const promtool = (...args: string[]) =>
  spawnSync(PROMTOOL, args, { encoding: 'utf8', timeout: 120_000 });

describe.skipIf(promtoolUnavailable() !== null)('the shipped alert rules', () => {
  it('pass promtool check rules', () => {
    const run = promtool('check', 'rules', RULES);
    expect(run.stdout + run.stderr).toContain('SUCCESS: 6 rules found');
    expect(run.status).toBe(0);
  });

  it('load from the operator guide’s Prometheus config, which promtool accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-prometheus-'));
    try {
      const [prometheus = ''] = guideYaml();
      expect(prometheus).toContain('kiosk-alerts.yml');
      writeFileSync(join(dir, 'prometheus.yml'), prometheus);
      copyFileSync(RULES, join(dir, 'kiosk-alerts.yml'));
      copyFileSync(FLOW_RULES, join(dir, 'order-flow-alerts.yml'));
      writeFileSync(join(dir, 'shop-metrics.token'), 'kst1.example\n');
      const run = promtool('check', 'config', join(dir, 'prometheus.yml'));
      expect(run.stdout + run.stderr).toContain('SUCCESS: 6 rules found');
      expect(run.stdout + run.stderr).toContain('SUCCESS: 1 rules found');
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(promtoolUnavailable() !== null)('the shipped alert texts', () => {
  it('name a store and a region only when the kiosk has them, never "store , region "', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-alert-texts-'));
    try {
      copyFileSync(RULES, join(dir, 'kiosk-alerts.yml'));
      const offline = (labels: string) => `kiosk_shop_kiosk_state{${labels}state="offline"}`;
      const printer = (labels: string) => `kiosk_shop_printer_available{${labels}}`;
      const online = (labels: string) => `kiosk_shop_kiosk_state{${labels}state="online"}`;
      const offlineText = (where: string) =>
        `${where} has not been on the fleet for 5 minutes and did not say it was asleep. Check its power and network; the console shows when it was last seen.`;
      const test = {
        rule_files: ['kiosk-alerts.yml'],
        evaluation_interval: '1m',
        tests: [
          {
            interval: '1m',
            input_series: [
              { series: offline('kiosk="off-0001",'), values: '1x10' },
              {
                series: offline('kiosk="off-0002",store="lyon-1",region="eu-west",'),
                values: '1x10',
              },
              { series: offline('kiosk="off-0003",region="eu-west",'), values: '1x10' },
              { series: printer('kiosk="prn-0001"'), values: '0x10' },
              { series: online('kiosk="prn-0001",'), values: '1x10' },
              { series: printer('kiosk="prn-0002",store="lyon-1"'), values: '0x10' },
              { series: online('kiosk="prn-0002",store="lyon-1",'), values: '1x10' },
            ],
            alert_rule_test: [
              {
                eval_time: '6m',
                alertname: 'KioskOffline',
                exp_alerts: (
                  [
                    ['off-0001', {}, 'off-0001'],
                    [
                      'off-0002',
                      { store: 'lyon-1', region: 'eu-west' },
                      'off-0002 in store lyon-1 (region eu-west)',
                    ],
                    ['off-0003', { region: 'eu-west' }, 'off-0003 (region eu-west)'],
                  ] as [string, Record<string, string>, string][]
                ).map(([kiosk, labels, where]) => ({
                  exp_labels: {
                    severity: 'page',
                    team: 'shop-operations',
                    kiosk,
                    state: 'offline',
                    ...labels,
                  },
                  exp_annotations: {
                    summary: `Kiosk ${kiosk} has been offline for more than 5 minutes`,
                    description: offlineText(where),
                  },
                })),
              },
              {
                eval_time: '6m',
                alertname: 'KioskPrinterOut',
                exp_alerts: (
                  [
                    ['prn-0001', {}, 'prn-0001'],
                    ['prn-0002', { store: 'lyon-1' }, 'prn-0002 in store lyon-1'],
                  ] as [string, Record<string, string>, string][]
                ).map(([kiosk, labels, where]) => ({
                  exp_labels: {
                    severity: 'ticket',
                    team: 'store-staff',
                    kiosk,
                    ...labels,
                  },
                  exp_annotations: {
                    summary: `Kiosk ${kiosk} has no receipt printer`,
                    description: `${where} cannot find its receipt printer: shoppers get no paper receipt. Check paper, power and cable.`,
                  },
                })),
              },
            ],
          },
        ],
      };
      writeFileSync(join(dir, 'texts.test.yml'), stringify(test));
      const run = promtool('test', 'rules', join(dir, 'texts.test.yml'));
      expect(run.stdout + run.stderr).toContain('SUCCESS');
      expect(run.status, run.stdout + run.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const amtoolMissing = spawnSync(AMTOOL, ['--version'], { timeout: 10_000 }).error
  ? `${AMTOOL} is not installed (apt-get install prometheus-alertmanager)`
  : null;
if (amtoolMissing)
  console.log(`[alert rules tests] Alertmanager route not checked: ${amtoolMissing}`);

describe.skipIf(amtoolMissing !== null)('the operator guide’s Alertmanager route', () => {
  it('passes amtool check-config, and routes by the rules’ labels', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-alertmanager-'));
    try {
      const [, alertmanager = ''] = guideYaml();
      writeFileSync(join(dir, 'alertmanager.yml'), alertmanager);
      const check = spawnSync(AMTOOL, ['check-config', join(dir, 'alertmanager.yml')], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(check.stdout + check.stderr).toContain('SUCCESS');
      expect(check.status).toBe(0);
      const route = (labels: string[]) =>
        spawnSync(
          AMTOOL,
          ['config', 'routes', 'test', `--config.file=${join(dir, 'alertmanager.yml')}`, ...labels],
          { encoding: 'utf8', timeout: 60_000 },
        ).stdout.trim();
      expect(route(['alertname=KioskOffline', 'severity=page', 'team=shop-operations'])).toBe(
        'shop-operations-pager',
      );
      expect(route(['alertname=KioskPrinterOut', 'severity=ticket', 'team=store-staff'])).toBe(
        'store-staff',
      );
      expect(
        route(['alertname=KioskUpdateFailed', 'severity=ticket', 'team=shop-operations']),
      ).toBe('shop-operations-tickets');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** One scrape: series (name and non-empty labels, sorted) → value. */
type Scrape = Map<string, string>;

function parseExposition(text: string): Scrape {
  const samples: Scrape = new Map();
  for (const line of text.split('\n')) {
    const match = /^(kiosk_shop_[a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const [, name = '', labelText = '', value = ''] = match;
    // As Prometheus stores them: an empty label is no label.
    const labels = [...labelText.matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)]
      .filter(([, , labelValue]) => labelValue !== '')
      .map(([, key, labelValue]) => `${key}="${labelValue}"`)
      .sort();
    samples.set(`${name}{${labels.join(',')}}`, value);
  }
  return samples;
}

/** promtool's series notation: each scrape's value held for its phase, `_` where absent. */
function inputSeries(scrapes: readonly Scrape[], minutes: readonly number[]) {
  const names = new Set(scrapes.flatMap((scrape) => [...scrape.keys()]));
  return [...names].sort().map((series) => ({
    series,
    values: scrapes
      .map((scrape, index) => {
        const length = minutes[index] ?? 1;
        const value = scrape.get(series);
        return value === undefined ? `_x${length}` : `${value}x${length - 1}`;
      })
      .join(' '),
  }));
}

const PHASES = [1500, 120, 120] as const;
const P = 'kiosk-shop';
const IDS = ['k-ok', 'k-printer', 'k-stale', 'k-update', 'k-memory', 'k-offline'] as const;
const enrolment = makeEnrolmentKey();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(skipReason !== null)('the alert rules on the exporter’s own series', () => {
  let broker: Mosquitto;
  let exporter: RunningExporter;
  let operator: MqttClient;
  const kiosks = new Map<string, SimulatedKiosk>();
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-alerts-'));

  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const simulate = (kioskId: string): SimulatedKiosk => {
    const kiosk = createSimulatedKiosk({
      brokerUrls: [broker.tcpUrl],
      kioskId,
      topicPrefix: P,
      username: kioskId,
      password: 'pw',
      healthSeconds: 3600,
      keepaliveSeconds: 5,
      log: quiet,
      shoppers: false,
      memoryMB: 300,
    });
    kiosks.set(kioskId, kiosk);
    kiosk.start();
    return kiosk;
  };
  const kiosk = (id: string): SimulatedKiosk => {
    const found = kiosks.get(id);
    if (!found) throw new Error(`no kiosk ${id}`);
    return found;
  };

  async function until(what: string, check: () => boolean): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
  }
  const facts = (id: string) => exporter.table.kiosks().find((one) => one.kioskId === id);
  const scrape = async (): Promise<Scrape> => {
    const response = await fetch(`http://127.0.0.1:${exporter.port}/metrics`);
    expect(response.status).toBe(200);
    return parseExposition(await response.text());
  };

  beforeAll(async () => {
    broker = await startMosquitto({
      kiosks: Object.fromEntries(IDS.map((id) => [id, 'pw'])),
    });
    // The exporter with its own login, as the sample gives it; this operator on the tests' own
    // listener, so neither takes the other's session.
    exporter = await startExporter({
      brokerUrl: broker.tcpUrl,
      port: 0,
      prefix: P,
      ...broker.exporter,
      enrolmentKey: enrolment.publicText,
      catalogueMaxAgeMinutes: 60,
    });
    operator = await mqtt.connectAsync(broker.watchUrl, { ...broker.operator, reconnectPeriod: 0 });
    for (const id of IDS) simulate(id);
  }, 60_000);

  afterAll(async () => {
    for (const one of kiosks.values()) await one.stop();
    await operator.endAsync(true);
    await exporter.close();
    await broker.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fires each alert during its fault and clears it after, never for a sleeping kiosk', async () => {
    // A kiosk of a chain with opening hours: asleep, in the store and region its certificate names.
    const night = `${P}/kiosks/k-night`;
    await operator.publishAsync(
      certificateTopic(P, 'k-night', 'night-serial-00001'),
      JSON.stringify(
        signCertificateWith(
          certificateFields({
            kioskId: 'k-night',
            publicKey: makeReceiptKey().publicText,
            store: 'leeds-4',
            region: 'north',
            serial: 'night-serial-00001',
          }),
          enrolment.privateKey,
        ),
      ),
      { qos: 1, retain: true },
    );
    await operator.publishAsync(
      `${night}/status`,
      JSON.stringify({ state: 'asleep', version: '0.1.0', store: 'leeds-4', region: 'north' }),
      { qos: 1, retain: true },
    );
    await operator.publishAsync(
      `${night}/health`,
      JSON.stringify({ ...SAMPLE_HEALTH, screen: 'asleep', at: new Date().toISOString() }),
      { qos: 1, retain: true },
    );
    await until('every kiosk online with health', () =>
      IDS.every((id) => facts(id)?.state === 'online' && facts(id)?.health !== null),
    );
    await until('the sleeping kiosk', () => facts('k-night')?.health?.asleep === true);
    let well = await scrape();
    for (let tries = 0; ![...well.keys()].some((one) => one.includes('store="leeds-4"')); tries++) {
      if (tries > 100) throw new Error('the sleeping kiosk’s certificate was never verified');
      await sleep(50);
      well = await scrape();
    }

    // The faults.
    kiosk('k-printer').app.setPrinterAvailable(false);
    kiosk('k-stale').app.setCatalogue({ products: 20, ageMinutes: 240 });
    kiosk('k-update').app.setUpdate({ state: 'error', error: 'the feed signature is wrong' });
    kiosk('k-memory').app.growMemory(300);
    for (const id of ['k-printer', 'k-stale', 'k-update', 'k-memory']) {
      await kiosk(id).client.publishHealth();
    }
    kiosk('k-offline').kill();
    // Its Last Will, as the broker would publish it: the sleeping kiosk lost its link.
    await operator.publishAsync(`${night}/status`, JSON.stringify({ state: 'offline' }), {
      qos: 1,
      retain: true,
    });
    await until('the faults', () => {
      const health = (id: string) => facts(id)?.health;
      return (
        health('k-printer')?.printerAvailable === false &&
        health('k-stale')?.catalogueAgeMinutes === 240 &&
        health('k-update')?.updateFailed === true &&
        (health('k-memory')?.mainMB ?? 0) > 200 &&
        facts('k-offline')?.state === 'offline' &&
        facts('k-night')?.state === 'offline'
      );
    });
    const faults = await scrape();

    // Mended.
    kiosk('k-printer').app.setPrinterAvailable(true);
    kiosk('k-stale').app.setCatalogue({ products: 20, ageMinutes: 0 });
    kiosk('k-update').app.setUpdate({ state: 'idle' });
    kiosk('k-memory').app.growMemory(-300);
    for (const id of ['k-printer', 'k-stale', 'k-update', 'k-memory']) {
      await kiosk(id).client.publishHealth();
    }
    simulate('k-offline');
    await until('all mended', () => {
      const health = (id: string) => facts(id)?.health;
      return (
        health('k-printer')?.printerAvailable === true &&
        health('k-stale')?.catalogueAgeMinutes === 0 &&
        health('k-update')?.updateFailed === false &&
        (health('k-memory')?.mainMB ?? 999) < 200 &&
        facts('k-offline')?.state === 'online'
      );
    });
    const mended = await scrape();

    // The store and region labels came through from the kiosk's certificate.
    expect([...well.keys()]).toContain(
      'kiosk_shop_kiosk_state{kiosk="k-night",region="north",state="asleep",store="leeds-4"}',
    );

    const firing = (alertname: string, kioskId: string, extra: Record<string, string>) => {
      const labels = { alertname, alertstate: 'firing', kiosk: kioskId, ...extra };
      return {
        labels: `ALERTS{${Object.entries(labels)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, value]) => `${key}="${value}"`)
          .join(',')}}`,
        value: 1,
      };
    };
    const ops = { team: 'shop-operations', severity: 'ticket' };
    const [first, second] = PHASES;
    const test = {
      rule_files: [RULES],
      evaluation_interval: '1m',
      tests: [
        {
          interval: '1m',
          input_series: inputSeries([well, faults, mended], PHASES),
          promql_expr_test: [
            { expr: 'ALERTS{alertstate="firing"}', eval_time: `${first - 10}m`, exp_samples: [] },
            {
              expr: 'ALERTS{alertstate="firing"}',
              eval_time: `${first + second - 10}m`,
              exp_samples: [
                firing('KioskOffline', 'k-offline', {
                  state: 'offline',
                  severity: 'page',
                  team: 'shop-operations',
                }),
                firing('KioskPrinterOut', 'k-printer', { severity: 'ticket', team: 'store-staff' }),
                firing('KioskCatalogueStale', 'k-stale', ops),
                firing('KioskMemoryGrowing', 'k-memory', ops),
                firing('KioskUpdateFailed', 'k-update', ops),
              ],
            },
            {
              expr: 'ALERTS{alertstate="firing"}',
              eval_time: `${first + second + 100}m`,
              exp_samples: [],
            },
          ],
        },
      ],
    };
    const testFile = join(dir, 'kiosk-alerts.test.yml');
    writeFileSync(testFile, stringify(test));
    const run = promtool('test', 'rules', testFile);
    expect(run.stdout + run.stderr, run.stdout + run.stderr).toContain('SUCCESS');
    expect(run.status).toBe(0);
  }, 120_000);
});
