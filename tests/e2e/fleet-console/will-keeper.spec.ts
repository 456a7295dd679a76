/**
 * What the console shows of a kiosk on a broker cluster, against a real Mosquitto: the node
 * its status names, then, when that node crashes and the will keeper says the kiosk's Last
 * Will for it (services/will-keeper/will-keeper.ts), the kiosk offline with the lost node in its
 * details, then online on another node. The messages are the ones a kiosk given several
 * brokers and the keeper publish, sent here as the operator.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { kioskTopics } from '../../../shared/fleet/topics';
import { expectNoViolations } from './support/a11y-checks';
import { expect, kioskRow, openConsole, requireMosquitto, test } from './support/fleet-rig';

requireMosquitto();

const NODE_2 = 'mqtts://node-2.chain.example:8883';
const NODE_3 = 'mqtts://node-3.chain.example:8883';
const online = (node: string) =>
  JSON.stringify({
    state: 'online',
    version: '0.1.0',
    startedAt: '2026-11-26T08:00:00.000Z',
    publicKey: null,
    store: 'lyon-1',
    region: 'eu-west',
    node,
  });

test('a kiosk on a cluster: its node, then offline through the will keeper with the lost node, then online on another', async ({
  page,
  rig,
}, testInfo) => {
  const topic = kioskTopics(rig.broker.prefix, 'kiosk-c').status;
  const operator: MqttClient = await mqtt.connectAsync(rig.broker.watchUrl, {
    ...rig.broker.operator,
    reconnectPeriod: 0,
  });
  try {
    await operator.publishAsync(topic, online(NODE_2), { qos: 1, retain: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    await openConsole(page, rig);
    await expect(kioskRow(page, 'kiosk-c')).toContainText('Online');
    await kioskRow(page, 'kiosk-c').getByRole('button', { name: 'kiosk-c' }).click();
    const details = page.getByRole('region', { name: 'Kiosk kiosk-c' });
    const brokerNode = details
      .getByRole('term')
      .filter({ hasText: 'Broker node' })
      .locator('xpath=following-sibling::dd');
    await expect(brokerNode).toHaveText(NODE_2);

    // As the keeper says it when node 2 crashes: live, not retained.
    await operator.publishAsync(
      topic,
      JSON.stringify({ state: 'offline', store: 'lyon-1', region: 'eu-west', nodeLost: NODE_2 }),
      { qos: 0, retain: false },
    );
    await expect(kioskRow(page, 'kiosk-c')).toContainText('Offline');
    await expect(brokerNode).toHaveText(`${NODE_2} (lost; said by the will keeper)`);
    await expectNoViolations(page, 'a kiosk said offline by the will keeper');
    await page.screenshot({ path: testInfo.outputPath('will-keeper-1366x768.png') });

    // The kiosk reaches node 3 and says online there.
    await operator.publishAsync(topic, online(NODE_3), { qos: 1, retain: true });
    await expect(kioskRow(page, 'kiosk-c')).toContainText('Online');
    await expect(brokerNode).toHaveText(NODE_3);
  } finally {
    await operator.publishAsync(topic, '', { qos: 1, retain: true }).catch(() => undefined);
    await operator.endAsync(true);
  }
});
