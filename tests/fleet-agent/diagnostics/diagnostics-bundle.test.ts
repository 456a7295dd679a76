/**
 * The diagnostics bundle from real files: a userData with the log and its rotated files,
 * and a config file read by the kiosk's own config loader. It is gzipped JSON that carries
 * the last log lines (oldest first), the config in force with each value's source, the
 * versions, the health and update history, the cache and the disk; it never carries a
 * shopper's cart, receipt or code, nor the kiosk's secrets, even when the log and the
 * config file hold them; and it stays under its cap by dropping the oldest lines.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLiveConfig } from '../../../electron/main/config/live-config';
import {
  DIAGNOSTICS_FORMAT,
  gatherDiagnostics,
  type DiagnosticsSources,
} from '../../../fleet-agent/diagnostics/diagnostics-bundle';
import { createDiagnosticsHistory } from '../../../fleet-agent/diagnostics/diagnostics-history';
import { REMOVED_LINE } from '../../../fleet-agent/diagnostics/diagnostics-redaction';
import { SAMPLE_HEALTH } from '../../support/fixtures/kiosk-health';
import { SECRET_BEARING } from '../../support/fixtures/secret-bearing';

const SILENT = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What a careless log or config could hold about a shopper, and the kiosk's secrets. */
const CART_LINE =
  '[2026-11-23 10:00:01.000] [info] cart restored: [{"id":3,"title":"Mens Casual Slim Fit","quantity":2}]';
const RECEIPT_LINE =
  '[2026-11-23 10:00:02.000] [info] Printing: receipt {"id":"Receipt-1795665301021-42","total":"$47.88"}';
const CODE_LINE =
  '[2026-11-23 10:00:03.000] [warn] counter scanned KSR1.eyJyIjoiUmVjZWlwdC0xIn0.c2ln';
const EMAIL_LINE = '[2026-11-23 10:00:04.000] [warn] voucher for jane.doe@example.com refused';
const CARD_LINE = '[2026-11-23 10:00:05.000] [error] payment 4111 1111 1111 1111 declined';
const SHOPPER_WORDS = [
  'Mens Casual Slim Fit',
  'Receipt-1795665301021-42',
  '$47.88',
  'eyJyIjoiUmVjZWlwdC0xIn0',
  'jane.doe@example.com',
  '4111 1111 1111 1111',
  'last-cart-secret',
  'broker-password-9',
  '24681357',
];

describe('the diagnostics bundle', () => {
  let userData: string;

  beforeEach(() => {
    userData = mkdtempSync(join(tmpdir(), 'kiosk-diagnostics-'));
    mkdirSync(join(userData, 'logs'));
    writeFileSync(join(userData, 'logs', 'kiosk.2.log'), 'oldest line\n');
    writeFileSync(join(userData, 'logs', 'kiosk.1.log'), `older line\n${CART_LINE}\n`);
    writeFileSync(
      join(userData, 'logs', 'kiosk.log'),
      [
        RECEIPT_LINE,
        CODE_LINE,
        EMAIL_LINE,
        CARD_LINE,
        'Fleet: online at mqtt://127.0.0.1:1883',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(userData, 'kiosk-config.json'),
      JSON.stringify({
        idleTimeoutSeconds: 90,
        staffPin: '24681357',
        printerName: 'Receipt-1795665301021-42',
        lastCart: { items: [{ id: 3, title: 'last-cart-secret' }] },
        fleet: { password: 'broker-password-9', topicPrefix: 'shop-a' },
      }),
    );
  });

  afterEach(() => {
    rmSync(userData, { recursive: true, force: true });
  });

  function sources(overrides: Partial<DiagnosticsSources> = {}): DiagnosticsSources {
    const live = createLiveConfig({
      argv: ['--catalogue-url=https://shop.example/api'],
      env: {},
      userDataDir: userData,
      readFile: (path) => readFileSync(path, 'utf8'),
      log: SILENT,
    });
    const history = createDiagnosticsHistory();
    history.recordHealth({ ...SAMPLE_HEALTH, update: { state: 'checking' } });
    history.recordHealth({ ...SAMPLE_HEALTH, update: { state: 'checking' } });
    history.recordHealth({
      ...SAMPLE_HEALTH,
      update: { state: 'error', version: '0.2.0', error: 'the feed signature is wrong' },
    });
    return {
      kioskId: 'kiosk-diag',
      now: () => Date.parse('2026-11-23T10:05:00.000Z'),
      versions: { app: '0.1.0', electron: '45.4.1' },
      config: () => ({ values: live.effective(), sources: live.origins() }),
      userDataDir: userData,
      health: () => history.health(),
      updates: () => history.updates(),
      imageCache: () => ({ images: 12, bytes: 34_567 }),
      pendingRelaunch: () => [],
      ...overrides,
    };
  }

  const open = (bundle: Uint8Array) =>
    JSON.parse(gunzipSync(bundle).toString('utf8')) as Record<string, unknown>;

  it('is gzipped JSON with the log oldest first, the config with its sources, and the state', () => {
    const document = open(gatherDiagnostics(sources()));
    expect(document).toMatchObject({
      format: DIAGNOSTICS_FORMAT,
      kioskId: 'kiosk-diag',
      at: '2026-11-23T10:05:00.000Z',
      versions: { app: '0.1.0', electron: '45.4.1' },
      cache: { images: { images: 12, bytes: 34_567 } },
    });
    const log = document.log as string[];
    expect(log[0]).toBe('oldest line');
    expect(log[1]).toBe('older line');
    expect(log.at(-1)).toBe('Fleet: online at mqtt://127.0.0.1:1883');
    const config = document.config as Record<string, { value: unknown; source: string }>;
    expect(config.idleTimeoutSeconds).toEqual({ value: 90, source: 'config file' });
    expect(config.catalogueUrl).toEqual({
      value: 'https://shop.example/api',
      source: 'command line',
    });
    expect(config['fleet.topicPrefix']).toEqual({ value: 'shop-a', source: 'config file' });
    expect(config.logMaxMB?.source).toBe('defaults');
    // Two health reports in a row with the same update state make one update entry.
    expect(document.health).toHaveLength(3);
    expect(document.updates).toEqual([
      { at: SAMPLE_HEALTH.at, state: 'checking' },
      {
        at: SAMPLE_HEALTH.at,
        state: 'error',
        version: '0.2.0',
        error: 'the feed signature is wrong',
      },
    ]);
    const userDataState = document.userData as {
      disk: { freeBytes: number };
      files: { name: string }[];
    };
    expect(userDataState.disk.freeBytes).toBeGreaterThan(0);
    expect(userDataState.files.map((file) => file.name).sort()).toEqual([
      'kiosk-config.json',
      'logs',
    ]);
  });

  it('carries nothing about a shopper and none of the kiosk’s secrets', () => {
    const text = gunzipSync(gatherDiagnostics(sources())).toString('utf8');
    for (const word of SHOPPER_WORDS) expect(text, word).not.toContain(word);
    const document = JSON.parse(text) as {
      log: string[];
      config: Record<string, { value: unknown }>;
    };
    expect(document.log).toContain(REMOVED_LINE);
    expect(document.log).toContain(
      '[2026-11-23 10:00:03.000] [warn] counter scanned KSR1.[redacted]',
    );
    expect(document.log).toContain('[2026-11-23 10:00:04.000] [warn] voucher for [e-mail] refused');
    expect(document.log).toContain('[2026-11-23 10:00:05.000] [error] payment [number] declined');
    expect(document.config.staffPin?.value).toBe('[set]');
    expect(document.config['fleet.password']?.value).toBe('[set]');
    expect(document.config.staffPinHash?.value).toBe('');
    expect(document.config.printerName?.value).toBe('Receipt-[redacted]');
    expect(document).not.toHaveProperty('lastCart');
  });

  it('carries none of a table of secret-bearing values, in its log or its config', () => {
    writeFileSync(
      join(userData, 'logs', 'kiosk.log'),
      `${SECRET_BEARING.map(({ text }) => `[warn] ${text}`).join('\n')}\n`,
    );
    const text = gunzipSync(
      gatherDiagnostics(
        sources({
          config: () => ({
            values: {
              catalogueUrl:
                'https://shop-api:pa55-Word-9@catalogue.example/api?apikey=ak_Live_7f3Kq2',
              'update.feedUrl': 'https://updates.example/feed/8f14e45fceea167a5a36dedd4bea2543/',
              printerName:
                'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJrIn0.c2lnbmF0dXJl',
              'fleet.key': '{"clientSecret":"cs-9001-abc"}',
              someUnknownKey: 'correct horse battery',
            },
            sources: {},
          }),
        }),
      ),
    ).toString('utf8');
    for (const { what, secret } of SECRET_BEARING) expect(text, what).not.toContain(secret);
    const document = JSON.parse(text) as { config: Record<string, { value: unknown }> };
    expect(document.config.catalogueUrl?.value).toBe(
      'https://[credentials]@catalogue.example/api?[query]',
    );
    expect(document.config['update.feedUrl']?.value).toBe('https://updates.example/feed/[token]/');
    expect(document.config.someUnknownKey?.value).toBe('[hidden]');
  });

  it('stays under its cap by dropping the oldest log lines', () => {
    // Lines gzip cannot shrink much: a bundle of all of them would be far over the cap. Short
    // random words, so that no run is long enough to be masked as a token.
    const noisy = Array.from(
      { length: 4000 },
      (_, n) =>
        `line ${n} ${Array.from({ length: 12 }, () => Math.random().toString(36).slice(2)).join(' ')}`,
    );
    writeFileSync(join(userData, 'logs', 'kiosk.log'), `${noisy.join('\n')}\n`);
    const maxBytes = 64 * 1024;
    const bundle = gatherDiagnostics(sources({ maxBytes }));
    expect(bundle.length).toBeLessThanOrEqual(maxBytes);
    const log = open(bundle).log as string[];
    expect(log.length).toBeGreaterThan(100);
    expect(log.length).toBeLessThan(4000);
    // The newest lines stay; the oldest went.
    expect(log.at(-1)).toBe(noisy.at(-1));
    expect(log).not.toContain(noisy[0]);
  });

  it('works without a writable userData: no log, and says why', () => {
    const document = open(gatherDiagnostics(sources({ userDataDir: null })));
    expect(document.log).toEqual([]);
    expect(document.userData).toEqual({ unavailable: 'userData cannot be written' });
  });
});
