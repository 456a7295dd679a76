/**
 * The shop's settings: read by staff, changed by an operator only, checked together (red
 * after amber), and a value spoiled by hand read as its default.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '../../../../shared/fleet/order-flow';
import { readSettings } from '../../../../services/shop/settings/shop-settings';
import {
  addLogin,
  jsonPost,
  loginCookie,
  makeWorld,
  openShop,
  type TestShop,
} from '../support/shop-world';

let shop: TestShop;
let counter = '';
let operator = '';

beforeAll(async () => {
  shop = await openShop(makeWorld(0));
  await addLogin(shop.services, 'counter-1', 'counter');
  await addLogin(shop.services, 'boss', 'operator');
  counter = await loginCookie(shop.app, 'counter-1');
  operator = await loginCookie(shop.app, 'boss');
}, 120_000);
afterAll(() => shop.close());

describe('/shop-settings', () => {
  it('is the defaults until an operator changes some, checked with the rest', async () => {
    const read = await shop.app.request('/shop-settings', { headers: { cookie: counter } });
    expect(await read.json()).toEqual({ settings: DEFAULT_SHOP_SETTINGS });
    expect((await shop.app.request('/shop-settings')).status).toBe(401);
    const change = { pickAmberMinutes: 3, pickRedMinutes: 6, boardSpeech: true };
    expect((await shop.app.request('/shop-settings', jsonPost(change, counter))).status).toBe(403);
    const saved = await shop.app.request('/shop-settings', jsonPost(change, operator));
    expect(await saved.json()).toEqual({ settings: { ...DEFAULT_SHOP_SETTINGS, ...change } });
    const clash = await shop.app.request(
      '/shop-settings',
      jsonPost({ pickRedMinutes: 2 }, operator),
    );
    expect(clash.status).toBe(400);
    expect(((await clash.json()) as { message: string }).message).toContain('later');
    for (const bad of [
      { pickAmberMinutes: -1 },
      { colour: 'red' },
      { boardSpeechLanguages: ['<b>'] },
    ]) {
      expect((await shop.app.request('/shop-settings', jsonPost(bad, operator))).status).toBe(400);
    }
  });

  it('reads a value spoiled by hand as its default', async () => {
    await sql`update shop_settings set value = '"soon"'::jsonb where name = 'pickAmberMinutes'`.execute(
      shop.services.db,
    );
    await sql`insert into shop_settings values ('stranger', '1'::jsonb, 0, 'psql')`.execute(
      shop.services.db,
    );
    const settings = await readSettings(shop.services.db);
    expect(settings.pickAmberMinutes).toBe(DEFAULT_SHOP_SETTINGS.pickAmberMinutes);
    expect(settings).not.toHaveProperty('stranger');
  });
});
