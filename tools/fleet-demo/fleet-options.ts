/**
 * The options of `npm run fleet`, read and checked before anything starts, so a typo fails
 * in one line instead of opening a console that cannot connect.
 */
import { parseArgs } from 'node:util';
import { splitBrokerList } from '../../shared/fleet/broker-choice';
import { isPublicKeyText } from '../../shared/fleet/receipt-code';
import { parseCount } from '../../shared/count-flag';

export const DEFAULT_CONSOLE_PORT = 4180;
export const DEFAULT_MQTT_PORT = 1883;
export const DEFAULT_WS_PORT = 9001;
export const DEFAULT_TOPIC_PREFIX = 'kiosk-shop';

export interface FleetOptions {
  /** ws:// or wss:// of a real broker; null: start the embedded demo broker. */
  broker: string | null;
  username: string | null;
  password: string | null;
  prefix: string;
  /** Catalogue base for the counter's product titles ("/api": the demo catalogue served here). */
  catalogue: string;
  /** The enrolment public key the console pins (base64url raw), or null: typed in the page. */
  enrolmentKey: string | null;
  /** The shop service the page uses (its base URL), or null: the page's own setting. */
  shopService: string | null;
  port: number;
  mqttPort: number;
  wsPort: number;
  build: boolean;
  open: boolean;
}

export const FLEET_USAGE = `npm run fleet -- [options]
  --broker ws://HOST:PORT   the broker's MQTT-over-WebSockets URL (ws:// or wss://), or a
                            cluster's nodes' separated by commas;
                            without it an embedded demo broker starts on loopback
  --username NAME           broker user name (the demo broker then requires it)
  --password TEXT           broker password (given to the page, never stored by it)
  --prefix P                topic prefix (default ${DEFAULT_TOPIC_PREFIX})
  --catalogue URL           catalogue for product titles (default /api: the demo catalogue)
  --enrolment-key=KEY       the enrolment public key the counter trusts receipts under
                            (what npm run -s fleet:keygen printed; with "=", as it may begin with -)
  --shop-service URL        the shop service that checks receipts and keeps the handovers
                            (http://127.0.0.1:8470); start it with --allow-origin set to
                            this console's address
  --port N                  console port on 127.0.0.1 (default ${DEFAULT_CONSOLE_PORT})
  --mqtt-port N, --ws-port N  demo broker's TCP and WebSockets ports (default ${DEFAULT_MQTT_PORT}, ${DEFAULT_WS_PORT})
  --no-build                serve out/console as it is
  --open                    open the console in the default browser`;

const PREFIX = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

function port(name: string, raw: string | undefined, fallback: number): number {
  const value = parseCount(name, raw) ?? fallback;
  if (value > 65535) throw new Error(`--${name} must be a port number, got "${raw ?? ''}"`);
  return value;
}

export function parseFleetOptions(argv: readonly string[]): FleetOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      broker: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      prefix: { type: 'string', default: DEFAULT_TOPIC_PREFIX },
      catalogue: { type: 'string', default: '/api' },
      'enrolment-key': { type: 'string' },
      'shop-service': { type: 'string' },
      port: { type: 'string' },
      'mqtt-port': { type: 'string' },
      'ws-port': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      open: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const broker = values.broker ?? null;
  // A cluster's nodes, comma-separated: each must be a WebSockets URL.
  const strayBroker = splitBrokerList(broker ?? '').find((url) => !/^wss?:\/\/[^\s/]+/.test(url));
  if (broker !== null && (strayBroker !== undefined || splitBrokerList(broker).length === 0)) {
    throw new Error(
      `--broker must be the broker's WebSockets URL (ws:// or wss://), or a cluster's separated by commas, got "${strayBroker ?? broker}": a browser cannot speak mqtt:// itself`,
    );
  }
  if (values.prefix.length > 64 || !PREFIX.test(values.prefix)) {
    throw new Error(
      `--prefix must be segments of letters, digits, - and _ separated by /, got "${values.prefix}"`,
    );
  }
  if (!/^(\/|https?:\/\/)/.test(values.catalogue)) {
    throw new Error(
      `--catalogue must be a path such as /api or an http(s) URL, got "${values.catalogue}"`,
    );
  }
  const enrolmentKey = values['enrolment-key'] ?? null;
  if (enrolmentKey !== null && !isPublicKeyText(enrolmentKey)) {
    throw new Error(
      `--enrolment-key must be a public key as npm run -s fleet:keygen prints it (43 characters of base64url), got "${enrolmentKey}"`,
    );
  }
  const shopService = values['shop-service'] ?? null;
  if (shopService !== null && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(shopService)) {
    throw new Error(`--shop-service must be the shop service's http(s) URL, got "${shopService}"`);
  }
  if ((values.password !== undefined) !== (values.username !== undefined) && broker === null) {
    throw new Error('The demo broker needs both --username and --password, or neither');
  }
  return {
    broker,
    username: values.username ?? null,
    password: values.password ?? null,
    prefix: values.prefix,
    catalogue: values.catalogue,
    enrolmentKey,
    shopService,
    port: port('port', values.port, DEFAULT_CONSOLE_PORT),
    mqttPort: port('mqtt-port', values['mqtt-port'], DEFAULT_MQTT_PORT),
    wsPort: port('ws-port', values['ws-port'], DEFAULT_WS_PORT),
    build: !values['no-build'],
    open: values.open,
  };
}
