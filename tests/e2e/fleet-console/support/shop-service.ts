/**
 * One test's shop service, as `npm run shop-service` runs it: its own process, PGlite in a
 * fresh temporary folder (or, given `databaseUrl`, that fresh PostgreSQL database), the test fleet's prefix and enrolment key, serving the built
 * console (out/console) at its own origin, and letting the rig's operator console (another
 * origin) call it with its cookies. It listens on a port chosen in advance, so that the
 * operator console can be told where it is before it starts, and so that a test can stop it
 * (an outage) and start it again at the same address, with the same records.
 *
 * Staff: counter-1 ("Counter 1"), counter-2 ("Counter 2") and operator ("Operator"), all
 * with STAFF_PASSWORD; an operator token the rig posts certificates with; and a counter's
 * device token ("Counter 3 PC").
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CertificateEnvelope } from '../../../../shared/fleet/trust/kiosk-certificate';
import { restartablePort } from '../../../../tools/cluster/restartable-port';

const ROOT = resolve(__dirname, '../../../..');
export const STAFF_PASSWORD = 'correct horse battery';
export const STAFF = [
  { username: 'counter-1', name: 'Counter 1', role: 'counter' },
  { username: 'counter-2', name: 'Counter 2', role: 'counter' },
  { username: 'operator', name: 'Operator', role: 'operator' },
] as const;
/** PGlite's first open of a folder, and the service's, on a loaded 2-core machine. */
const START_WAIT_MS = 180_000;

export interface ShopService {
  /** http://127.0.0.1:PORT, the same after a restart. */
  origin: string;
  /** A device token of a counter, "Counter 3 PC". */
  counterToken: string;
  /** Stops it (SIGTERM): the address refuses connections until `start`. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Posts a certificate as the operator (the console's approval does the same). */
  postCertificate(envelope: CertificateEnvelope): Promise<void>;
  /** Any request to the service, as the rig's operator token. */
  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response>;
  dispose(): Promise<void>;
}

export interface ShopServiceOptions {
  prefix: string;
  enrolmentKey: string;
  /** Pages of these origins may call it with their cookies (the rig's consoles). */
  allowOrigins: readonly string[];
  /** An empty PostgreSQL database to keep the records in, rather than PGlite. */
  databaseUrl?: string;
}

/** A port for the service, chosen before anything is told where it is. */
export function shopServicePort(): Promise<number> {
  return restartablePort();
}

const exited = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });

interface Template {
  dir: string;
  operator: string;
  counter: string;
}

/**
 * A data folder with the schema, the staff and the tokens, made once per worker: a new
 * folder's first open (PGlite's initdb) and the password hashes cost seconds, so each test
 * starts from a copy of it, with records of its own.
 */
let template: Promise<Template> | null = null;

/** The staff and tokens made in `place`: a data folder or a PostgreSQL database's URL. */
function makeStaff(place: string): Promise<Template> {
  const script = resolve(__dirname, 'shop-staff.ts');
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, place, JSON.stringify(STAFF), STAFF_PASSWORD],
      { cwd: ROOT, encoding: 'utf8', timeout: START_WAIT_MS },
      (error, stdout, stderr) => {
        const tokens = (() => {
          try {
            return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Partial<Template>;
          } catch {
            return {};
          }
        })();
        if (error || tokens.operator === undefined || tokens.counter === undefined) {
          const why = error ? `${error.message}\n${stderr}` : stderr;
          fail(new Error(`the shop service's staff could not be made: ${why}`));
          return;
        }
        done({ dir: place, operator: tokens.operator, counter: tokens.counter });
      },
    );
  });
}

function templateOnce(): Promise<Template> {
  template ??= (() => {
    const dir = mkdtempSync(join(tmpdir(), 'rig-shop-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return makeStaff(dir);
  })().catch((error: unknown) => {
    template = null;
    throw error;
  });
  return template;
}

export async function startShopService(
  port: number,
  options: ShopServiceOptions,
): Promise<ShopService> {
  const { databaseUrl } = options;
  const made = databaseUrl === undefined ? await templateOnce() : await makeStaff(databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'rig-shop-'));
  if (databaseUrl === undefined) cpSync(made.dir, dataDir, { recursive: true });
  const token = made.operator;
  const counterToken = made.counter;
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const start = async (): Promise<void> => {
    const started = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'services/shop/main.ts',
        '--port',
        String(port),
        '--data',
        dataDir,
        `--enrolment-key=${options.enrolmentKey}`,
        '--prefix',
        options.prefix,
        '--console',
        resolve(ROOT, 'out/console'),
        ...options.allowOrigins.flatMap((allowed) => ['--allow-origin', allowed]),
      ],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, DATABASE_URL: databaseUrl ?? '' },
      },
    );
    child = started;
    let output = '';
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(() => {
        started.kill('SIGKILL');
        fail(new Error(`the shop service did not start:\n${output}`));
      }, START_WAIT_MS);
      const read = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes(`${origin}\n`)) {
          clearTimeout(timer);
          done();
        }
      };
      started.stdout.on('data', read);
      started.stderr.on('data', read);
      started.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`the shop service exited (${code}) before it listened:\n${output}`));
      });
    });
  };

  const stop = async (): Promise<void> => {
    const running = child;
    child = null;
    if (!running) return;
    running.kill('SIGTERM');
    await exited(running);
  };

  const request = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    fetch(`${origin}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  await start();
  return {
    origin,
    counterToken,
    stop,
    start,
    request,
    async postCertificate(envelope) {
      const response = await request('POST', '/certificates', envelope);
      if (response.status !== 201 && response.status !== 200) {
        throw new Error(`the shop service refused a certificate: ${await response.text()}`);
      }
    },
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
