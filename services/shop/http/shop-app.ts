/**
 * The shop service as one web-standard handler (Hono): the same app answers over HTTP(S)
 * in `npm run shop-service` and in-process in the tests. Every body is capped before it is
 * read, every answer is JSON that is never cached or sniffed, and every error is JSON with
 * a message; an unexpected one is logged and answered 500 without its details. A database
 * that cannot be reached (a failover under way) is answered 503 with Retry-After, logged at
 * most once every UNAVAILABLE_LOG_MS. Given the console's folder, it serves the built
 * console page too (console-site.ts), after the API.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { MAX_ORDER_REQUEST_BYTES } from '../../../shared/fleet/orders/shop-order';
import { certificateRoutes } from '../certificates/certificate-routes';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { conflictRoutes } from '../conflicts/conflict-routes';
import { demoImageRoutes } from '../demo-images/demo-image-routes';
import { flowRoutes } from '../flow/flow-routes';
import { handoverLookupRoutes } from '../handovers/handover-lookup-routes';
import { handoverRoutes } from '../handovers/handover-routes';
import { boardRoutes } from '../moves/board-routes';
import { moveRoutes } from '../moves/move-routes';
import { orderRoutes } from '../orders/order-routes';
import { revocationRoutes } from '../revocations/revocation-routes';
import { settingsRoutes } from '../settings/settings-routes';
import { authRoutes } from '../staff/auth-routes';
import { KIOSK_REQUEST_HEADERS } from '../../../shared/fleet/trust/kiosk-request-signature';
import { consoleSite } from './console-site';
import { healthRoute } from './health-route';
import { HttpError } from './http-error';
import type { ShopEnv, ShopServices } from './shop-env';

/** Every body but an order's is a few hundred bytes: a receipt code, a login, a signed record. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Seconds a client is asked to wait before it tries again while the database is away. */
export const UNAVAILABLE_RETRY_SECONDS = 1;
/** A failover refuses many requests a second: one log line for each such span of time. */
const UNAVAILABLE_LOG_MS = 5000;

export interface ShopAppOptions {
  /** Origins whose pages may call the service with their cookies (the console's, if served apart). */
  allowOrigins?: readonly string[];
  /** The built console's folder (out/console), served at / when it holds a build. */
  consoleDir?: string;
}

const tooLarge = () => new HttpError(413, 'too-large', 'The request body is too large.');

function capBodies(): MiddlewareHandler<ShopEnv> {
  const limited = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw tooLarge();
      },
    });
  const small = limited(MAX_BODY_BYTES);
  const large = limited(MAX_ORDER_REQUEST_BYTES);
  return (c, next) => {
    const maxSize = c.req.path === '/orders' ? MAX_ORDER_REQUEST_BYTES : MAX_BODY_BYTES;
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // A declared length is the length (Node's parser holds a request to it): checked
    // without touching the body, which bodyLimit would read through a web stream.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number.parseInt(length, 10) > maxSize) throw tooLarge();
      return next();
    }
    return (maxSize === MAX_BODY_BYTES ? small : large)(c, next);
  };
}

/**
 * Every answer's; the console's page sets its own policy and caching (console-site.ts).
 * Set on the answer's own headers, as c.header would after the answer is made only by
 * building the answer again.
 */
const securityHeaders: MiddlewareHandler<ShopEnv> = async (c, next) => {
  await next();
  const { headers } = c.res;
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  headers.set('X-Content-Type-Options', 'nosniff');
  if (!headers.has('Content-Security-Policy')) {
    headers.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  }
  headers.set('Referrer-Policy', 'no-referrer');
};

export function createShopApp(services: ShopServices, options: ShopAppOptions = {}): Hono<ShopEnv> {
  const app = new Hono<ShopEnv>();
  app.use('*', securityHeaders);
  const origins = [...(options.allowOrigins ?? [])];
  if (origins.length > 0) {
    app.use(
      '*',
      cors({
        origin: origins,
        credentials: true,
        allowMethods: ['GET', 'POST'],
        allowHeaders: ['Content-Type', 'Authorization', ...Object.values(KIOSK_REQUEST_HEADERS)],
        maxAge: 600,
      }),
    );
  }
  app.use('*', capBodies());
  for (const routes of [
    healthRoute,
    authRoutes,
    handoverRoutes,
    handoverLookupRoutes,
    conflictRoutes,
    certificateRoutes,
    revocationRoutes,
    flowRoutes,
    moveRoutes,
    orderRoutes,
    boardRoutes,
    settingsRoutes,
    demoImageRoutes,
  ]) {
    app.route('/', routes(services));
  }
  if (options.consoleDir !== undefined) {
    app.route('/', consoleSite(options.consoleDir, services.trust));
  }
  app.notFound((c) => c.json({ error: 'not-found', message: 'No such endpoint.' }, 404));
  let unavailableLoggedAt = -Infinity;
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body(), error.status);
    if (error instanceof HTTPException) {
      return c.json({ error: 'http', message: error.message || 'Request refused.' }, error.status);
    }
    if (isDatabaseUnavailable(error)) {
      if (services.now() - unavailableLoggedAt >= UNAVAILABLE_LOG_MS) {
        unavailableLoggedAt = services.now();
        services.log(
          `database unavailable on ${c.req.method} ${c.req.path}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      c.header('Retry-After', String(UNAVAILABLE_RETRY_SECONDS));
      return c.json(
        {
          error: 'database-unavailable',
          message: 'The records database cannot be reached just now; try again in a moment.',
        },
        503,
      );
    }
    services.log(
      `error on ${c.req.method} ${c.req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return c.json({ error: 'internal', message: 'The service failed to answer; try again.' }, 500);
  });
  return app;
}
