/**
 * Assembles and starts the service: the database opened and migrated, the cookie secret
 * read, the app built, and an HTTP (loopback) or HTTPS listener. Nothing is kept in the
 * process that another replica would need: every record, session and secret is in the
 * database, and the caches only hold what never changes or is rechecked.
 */
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { createKioskKeys } from '../certificates/kiosk-keys';
import { openDatabase, type DatabasePlace, type ShopDatabase } from '../db/database';
import { migratePlace } from '../db/migrate';
import { createShopApp } from '../http/shop-app';
import type { ShopServices } from '../http/shop-env';
import { serviceSecret } from '../staff/service-secret';
import { createStaffAuth } from '../staff/staff-auth';
import { createReceiptSignatures } from '../trust/receipt-check';
import type { TrustSettings } from '../trust/trust-settings';
import { transportRefusal } from './transport-rule';

export interface ServiceOptions {
  database: DatabasePlace;
  trust: TrustSettings;
  host: string;
  /** 0: any free port. */
  port: number;
  tls?: { cert: string | Buffer; key: string | Buffer };
  allowOrigins?: readonly string[];
  /** The built console's folder, served at / (http/console-site.ts). */
  consoleDir?: string;
  now?: () => number;
  log?: (line: string) => void;
}

export interface OpenServices {
  services: ShopServices;
  database: ShopDatabase;
}

/** The database opened and migrated, and the parts every route uses. */
export async function openServices(
  place: DatabasePlace,
  trust: TrustSettings,
  now: () => number = Date.now,
  log: (line: string) => void = () => undefined,
): Promise<OpenServices> {
  const database = openDatabase(place);
  try {
    const { latest } = await migratePlace(place, database);
    const secret = await serviceSecret(database.db, 'session-cookie');
    const kioskKeys = createKioskKeys(database.db, trust.prefix);
    await kioskKeys.warm();
    const services: ShopServices = {
      db: database.db,
      engine: database.engine,
      trust,
      kioskKeys,
      receipts: createReceiptSignatures({ trust, kioskKeys }),
      staffAuth: createStaffAuth(database.db, secret, now),
      now,
      log,
      schema: latest,
    };
    return { services, database };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

export interface RunningService extends OpenServices {
  origin: string;
  port: number;
  close(): Promise<void>;
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const refusal = transportRefusal(options.host, options.tls !== undefined);
  if (refusal !== null) throw new Error(refusal);
  const opened = await openServices(options.database, options.trust, options.now, options.log);
  const app = createShopApp(opened.services, {
    ...(options.allowOrigins ? { allowOrigins: options.allowOrigins } : {}),
    ...(options.consoleDir !== undefined ? { consoleDir: options.consoleDir } : {}),
  });
  const server = (
    options.tls
      ? createAdaptorServer({
          fetch: app.fetch,
          createServer: createHttpsServer,
          serverOptions: { cert: options.tls.cert, key: options.tls.key },
        })
      : createAdaptorServer({ fetch: app.fetch })
  ) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await opened.database.close();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    ...opened,
    origin: `${options.tls ? 'https' : 'http'}://${host}:${address.port}`,
    port: address.port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => opened.database.close());
      return closing;
    },
  };
}
