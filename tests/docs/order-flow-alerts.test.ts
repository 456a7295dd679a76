/**
 * The order-flow alert rule docs/fleet/alerts/order-flow-alerts.yml ships, loaded into
 * Debian's promtool and fed by the shop service itself: its /metrics scraped at three
 * moments (an order waiting a minute; one waiting twenty; all ready), each scrape's samples
 * held for a phase with the `shop` label the scrape config gives them, and promtool checks
 * the rule fires during the wait only, with its texts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { issueToken } from '../../services/shop/staff/tokens';
import { orderFrom, placeOrder, sendMove } from '../services/shop/support/orders';
import {
  addLogin,
  loginCookie,
  makeWorld,
  openShop,
  type TestKiosk,
  type TestShop,
} from '../services/shop/support/shop-world';

const RULES = join(__dirname, '../../docs/fleet/alerts/order-flow-alerts.yml');
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
const MIN = 60_000;

const promtoolMissing = spawnSync(PROMTOOL, ['--version'], { timeout: 10_000 }).error
  ? `${PROMTOOL} is not installed (apt-get install prometheus)`
  : null;
if (promtoolMissing) console.log(`[order-flow alert tests] skipped: ${promtoolMissing}`);

const promtool = (...args: string[]) =>
  spawnSync(PROMTOOL, args, { encoding: 'utf8', timeout: 120_000 });

/** One scrape's samples (`kiosk_shop_…`, with the shop's label added) → value. */
function samplesOf(text: string, shop: string): Map<string, string> {
  const samples = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^(kiosk_shop_[a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const [, name = '', labels = '', value = ''] = match;
    const all = [labels, `shop="${shop}"`].filter((one) => one !== '').join(',');
    samples.set(`${name}{${all}}`, value);
  }
  return samples;
}

const world = makeWorld(1);
const kiosk = world.kiosks[0] as TestKiosk;
let shop: TestShop;
let clock = Date.now();
let cookie = '';
let token = '';
const dir = mkdtempSync(join(tmpdir(), 'order-flow-alerts-'));

describe.skipIf(promtoolMissing !== null)('the order-flow alert rule', () => {
  beforeAll(async () => {
    shop = await openShop(world, { engine: 'pglite', dataDir: null }, () => clock);
    await addLogin(shop.services, 'sam', 'counter', 'Sam');
    cookie = await loginCookie(shop.app, 'sam');
    token = (
      await issueToken(
        shop.services.db,
        { name: 'Prometheus', role: 'operator', expiresAt: null },
        clock,
      )
    ).token;
  }, 120_000);
  afterAll(async () => {
    await shop.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes promtool check rules', () => {
    const run = promtool('check', 'rules', RULES);
    expect(run.stdout + run.stderr).toContain('SUCCESS: 1 rules found');
    expect(run.status).toBe(0);
  });

  it('fires while an order waits past 15 minutes, and clears once it is ready', async () => {
    const scrape = async () => {
      const response = await shop.app.request('/metrics', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      return samplesOf(await response.text(), 'lyon-1');
    };
    const order = orderFrom(kiosk, { at: clock });
    await placeOrder(shop.app, kiosk, order, clock);
    clock += MIN;
    const well = await scrape();
    clock += 19 * MIN;
    const waiting = await scrape();
    await sendMove(shop.app, cookie, order, 'take', 'new');
    await sendMove(shop.app, cookie, order, 'ready', 'picking');
    const mended = await scrape();
    expect(waiting.get('kiosk_shop_order_oldest_unready_seconds{shop="lyon-1"}')).toBe('1200');

    const phases = [30, 10, 30];
    const scrapes = [well, waiting, mended];
    const names = [...new Set(scrapes.flatMap((one) => [...one.keys()]))].sort();
    const inputSeries = names.map((series) => ({
      series,
      values: scrapes
        .map((one, index) => {
          const length = phases[index] ?? 1;
          const value = one.get(series);
          // promtool's notation has no NaN (a percentile over no orders): held as absent.
          return value === undefined || value === 'NaN' ? `_x${length}` : `${value}x${length - 1}`;
        })
        .join(' '),
    }));
    const alert = {
      exp_labels: { severity: 'ticket', team: 'store-staff', shop: 'lyon-1' },
      exp_annotations: {
        summary: 'An order at lyon-1 is not ready 15 minutes after its confirm',
        description:
          'The oldest order waiting at shop lyon-1 was confirmed 20m 0s ago and is not ready yet. The pick screen shows it in red; check that someone is picking, and that the pick screen is open and connected.',
      },
    };
    const test = {
      rule_files: [RULES],
      evaluation_interval: '1m',
      tests: [
        {
          interval: '1m',
          input_series: inputSeries,
          alert_rule_test: [
            { eval_time: '29m', alertname: 'ShopOrderWaiting', exp_alerts: [] },
            { eval_time: '31m', alertname: 'ShopOrderWaiting', exp_alerts: [] },
            { eval_time: '33m', alertname: 'ShopOrderWaiting', exp_alerts: [alert] },
            { eval_time: '39m', alertname: 'ShopOrderWaiting', exp_alerts: [alert] },
            { eval_time: '45m', alertname: 'ShopOrderWaiting', exp_alerts: [] },
          ],
        },
      ],
    };
    const file = join(dir, 'order-flow-alerts.test.yml');
    writeFileSync(file, stringify(test));
    const run = promtool('test', 'rules', file);
    expect(run.stdout + run.stderr, run.stdout + run.stderr).toContain('SUCCESS');
    expect(run.status).toBe(0);
  }, 60_000);
});
