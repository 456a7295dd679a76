/**
 * The console is a page of its own: no console code in the shopper's bundles (the web build
 * and the kiosk renderer), no shopper code in the console's. Reads the builds of
 * `npm run build:e2e`; the marker is set by fleet-console/main.tsx.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const OUT = resolve(__dirname, '../../../out');
const CONSOLE_MARKER = 'kiosk-shop-fleet-console';
/** MQTT.js names its clients so: its code, and so any console code that pulls it in. */
const MQTT_JS = 'mqttjs_';

function scripts(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return scripts(path);
    return /\.(js|mjs|html)$/.test(name) ? [path] : [];
  });
}

const contents = (build: string) =>
  scripts(join(OUT, build))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

test('the console bundle carries its marker and MQTT.js, and no shopper page', () => {
  const code = contents('console');
  expect(code.includes(CONSOLE_MARKER), 'the console marker').toBe(true);
  expect(code.includes(MQTT_JS), 'MQTT.js').toBe(true);
  // Texts only the shopper's pages have.
  expect(code.includes('Start Shoping'), 'the home page').toBe(false);
  expect(code.includes('Add to Cart'), 'the product cards').toBe(false);
});

for (const build of ['web', 'renderer']) {
  test(`the shopper build out/${build} holds no console code`, () => {
    const code = contents(build);
    expect(code.length).toBeGreaterThan(10_000);
    // Booleans, not the bundle, in a failure's message.
    expect(code.includes(CONSOLE_MARKER), `the console marker in out/${build}`).toBe(false);
    expect(code.includes(MQTT_JS), `MQTT.js in out/${build}`).toBe(false);
  });
}
