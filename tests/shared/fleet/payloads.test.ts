import { describe, expect, it } from 'vitest';
import {
  ackSchema,
  COMMAND_ERRORS,
  configEnvelopeSchema,
  healthSchema,
  lostLinkReport,
  MAX_COMMAND_BYTES,
  OFFLINE_STATUS,
  offlineStatusFor,
  parseCommandMessage,
  parseHealthLenient,
  statusSchema,
  type KioskHealth,
} from '../../../shared/fleet/payloads';
import { makeKeyPair } from '../../support/fleet-keys';
import { sampleHealth } from '../../support/fixtures/kiosk-health';
import { onlineStatus } from '../../support/fixtures/kiosk-status';

const bytes = (value: unknown): Uint8Array =>
  new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

const SAMPLE_HEALTH: KioskHealth = sampleHealth({
  config: {
    version: 3,
    refusals: [
      { at: '2026-11-23T09:00:00.000Z', topic: 'kiosk-shop/fleet/config', reason: 'bad signature' },
    ],
  },
  pendingRelaunch: ['catalogueUrl', 'update.pinVersion'],
});

describe('status payloads', () => {
  it('accept online with a receipt key, and offline', () => {
    const online = onlineStatus({ publicKey: makeKeyPair().publicText });
    expect(statusSchema.parse(online)).toEqual(online);
    expect(statusSchema.parse({ state: 'offline' })).toEqual({ state: 'offline' });
  });

  it('refuse an unknown state, a bad key or an extra field', () => {
    expect(statusSchema.safeParse({ state: 'away' }).success).toBe(false);
    const online = { state: 'online', version: '1', startedAt: '2026-11-23T10:00:00.000Z' };
    expect(statusSchema.safeParse({ ...online, publicKey: 'abc' }).success).toBe(false);
    expect(statusSchema.safeParse({ ...online, publicKey: null, cart: [] }).success).toBe(false);
  });

  it('accept offline with the store and region the kiosk belonged to, and nothing more', () => {
    const offline = { state: 'offline', store: 'lyon-1', region: 'eu-west' };
    expect(statusSchema.parse(offline)).toEqual(offline);
    expect(statusSchema.safeParse({ ...offline, version: '1.0.0' }).success).toBe(false);
    expect(statusSchema.safeParse({ ...offline, store: '' }).success).toBe(false);
    expect(statusSchema.safeParse({ ...offline, region: 'x'.repeat(65) }).success).toBe(false);
    expect(statusSchema.safeParse({ ...offline, store: 'a\u0007b' }).success).toBe(false);
  });

  it('make the Last Will from the online status: its groups, only those that pass', () => {
    const online = onlineStatus({ store: 'lyon-1', region: 'eu-west' });
    expect(offlineStatusFor(online)).toEqual({
      state: 'offline',
      store: 'lyon-1',
      region: 'eu-west',
    });
    expect(offlineStatusFor(onlineStatus({ store: 'lyon-1' }))).toEqual({
      state: 'offline',
      store: 'lyon-1',
    });
    expect(offlineStatusFor(onlineStatus())).toEqual(OFFLINE_STATUS);
    // A store the schema refuses never turns the Last Will into one the console would drop.
    expect(offlineStatusFor({ store: 'a\nb', region: 'eu-west' })).toEqual(OFFLINE_STATUS);
    expect(statusSchema.safeParse(offlineStatusFor(online)).success).toBe(true);
  });

  it('make the report of a lost link: the Last Will’s fields, when it was lost and when said', () => {
    const online = onlineStatus({ store: 'lyon-1', region: 'eu-west' });
    const report = lostLinkReport(
      online,
      new Date('2026-11-23T09:00:00.000Z'),
      new Date('2026-11-23T09:00:04.500Z'),
    );
    expect(report).toEqual({
      state: 'offline',
      store: 'lyon-1',
      region: 'eu-west',
      lostAt: '2026-11-23T09:00:00.000Z',
      reportedAt: '2026-11-23T09:00:04.500Z',
    });
    expect(statusSchema.parse(report)).toEqual(report);
    expect(statusSchema.safeParse({ ...report, lostAt: 'yesterday' }).success).toBe(false);
  });
});

describe('health payloads', () => {
  it('accept the documented example', () => {
    expect(healthSchema.parse(SAMPLE_HEALTH)).toEqual(SAMPLE_HEALTH);
  });

  it('refuse anything beyond the documented fields: never cart contents', () => {
    expect(healthSchema.safeParse({ ...SAMPLE_HEALTH, cart: [{ id: 1 }] }).success).toBe(false);
    expect(healthSchema.safeParse({ ...SAMPLE_HEALTH, screen: 'checkout' }).success).toBe(false);
    expect(healthSchema.safeParse({ ...SAMPLE_HEALTH, receipts: -1 }).success).toBe(false);
    expect(healthSchema.safeParse({ ...SAMPLE_HEALTH, lastError: 'a\nforged line' }).success).toBe(
      false,
    );
  });

  it('are read leniently by the console: good fields kept, unknown and bad ones left out', () => {
    const { memory: _memory, ...rest } = SAMPLE_HEALTH;
    const lenient = parseHealthLenient({ ...rest, receipts: 'many', future: 1 });
    expect(lenient.screen).toBe('attract');
    expect(lenient.memory).toBeUndefined();
    expect(lenient.receipts).toBeUndefined();
    expect(lenient).not.toHaveProperty('future');
    expect(parseHealthLenient('nonsense')).toEqual({});
  });

  it('name the keys waiting for a relaunch by their table names only, a bounded list', () => {
    const pending = (pendingRelaunch: unknown) =>
      healthSchema.safeParse({ ...SAMPLE_HEALTH, pendingRelaunch }).success;
    expect(pending([])).toBe(true);
    expect(pending(['fleet.healthSeconds', 'maxMemoryMB'])).toBe(true);
    expect(pending('catalogueUrl')).toBe(false);
    expect(pending(['catalogue url'])).toBe(false);
    expect(pending(['catalogueUrl\nforged'])).toBe(false);
    expect(pending(['a.b.c'])).toBe(false);
    expect(pending(['x'.repeat(65)])).toBe(false);
    expect(pending(Array.from({ length: 65 }, (_, i) => `key${i}`))).toBe(false);
  });

  it('show an older kiosk without pendingRelaunch in the console, with its config', () => {
    const { pendingRelaunch: _pending, ...older } = SAMPLE_HEALTH;
    expect(healthSchema.safeParse(older).success).toBe(false);
    const lenient = parseHealthLenient(older);
    expect(lenient.pendingRelaunch).toBeUndefined();
    expect(lenient.config).toEqual(SAMPLE_HEALTH.config);
  });
});

describe('command messages', () => {
  it('read a known command with or without args', () => {
    expect(parseCommandMessage(bytes({ id: 'c1', command: 'ping' }))).toEqual({
      ok: true,
      command: { id: 'c1', command: 'ping' },
    });
    expect(parseCommandMessage(bytes({ id: 'c2', command: 'relaunch', args: {} }))).toMatchObject({
      ok: true,
    });
  });

  it('name an unknown command, keeping its id to acknowledge', () => {
    expect(parseCommandMessage(bytes({ id: 'c3', command: 'format-disk' }))).toEqual({
      ok: false,
      id: 'c3',
      command: 'format-disk',
      error: COMMAND_ERRORS.unknown,
    });
  });

  it.each([
    ['not JSON', '{', '', '', COMMAND_ERRORS.notJson],
    ['an array', [], '', '', COMMAND_ERRORS.malformed],
    ['no id', { command: 'ping' }, '', 'ping', COMMAND_ERRORS.malformed],
    ['an empty id', { id: '', command: 'ping' }, '', 'ping', COMMAND_ERRORS.malformed],
    ['a long id', { id: 'x'.repeat(65), command: 'ping' }, '', 'ping', COMMAND_ERRORS.malformed],
    [
      'args not an object',
      { id: 'c', command: 'ping', args: [1] },
      'c',
      'ping',
      COMMAND_ERRORS.malformed,
    ],
    [
      'an extra field',
      { id: 'c', command: 'ping', run: 'rm' },
      'c',
      'ping',
      COMMAND_ERRORS.malformed,
    ],
    [
      'a control character in the id',
      { id: 'c\n', command: 'ping' },
      '',
      'ping',
      COMMAND_ERRORS.malformed,
    ],
  ])('refuse %s, acknowledging what could be read', (_name, message, id, command, error) => {
    expect(parseCommandMessage(bytes(message))).toEqual({ ok: false, id, command, error });
  });

  it('refuse an oversized message unread', () => {
    const big = bytes({ id: 'c', command: 'ping', args: { pad: 'x'.repeat(MAX_COMMAND_BYTES) } });
    expect(parseCommandMessage(big)).toMatchObject({ ok: false, error: COMMAND_ERRORS.tooLarge });
  });
});

describe('acks', () => {
  it('carry ok, or an error sentence, and the time', () => {
    expect(
      ackSchema.safeParse({ id: 'c', command: 'ping', ok: true, at: new Date().toISOString() })
        .success,
    ).toBe(true);
    expect(
      ackSchema.safeParse({
        id: '',
        command: '',
        ok: false,
        error: 'the command is not JSON',
        at: new Date().toISOString(),
      }).success,
    ).toBe(true);
    expect(ackSchema.safeParse({ id: 'c', command: 'ping', ok: true }).success).toBe(false);
  });
});

describe('signed config envelopes', () => {
  const bound = { prefix: 'kiosk-shop', notAfter: '2030-01-01T00:00:00.000Z' };
  const envelope = {
    config: {
      version: 3,
      target: 'all',
      ...bound,
      idleTimeoutSeconds: 60,
      fleet: { healthSeconds: 30 },
    },
    signature: 'A'.repeat(86),
  };

  it('hold config keys beside version, target, prefix and notAfter, and a signature', () => {
    expect(configEnvelopeSchema.parse(envelope)).toEqual(envelope);
    expect(
      configEnvelopeSchema.safeParse({
        ...envelope,
        config: { ...envelope.config, target: 'kiosk-1' },
      }).success,
    ).toBe(true);
  });

  it('hold a tombstone: a withdrawal that sets no keys', () => {
    const tombstone = { version: 4, target: 'all', ...bound, tombstone: true };
    expect(configEnvelopeSchema.safeParse({ ...envelope, config: tombstone }).success).toBe(true);
    expect(
      configEnvelopeSchema.safeParse({
        ...envelope,
        config: { ...tombstone, idleTimeoutSeconds: 60 },
      }).success,
    ).toBe(false);
    expect(
      configEnvelopeSchema.safeParse({ ...envelope, config: { ...tombstone, tombstone: false } })
        .success,
    ).toBe(false);
  });

  it.each([
    ['no version', { target: 'all', ...bound }],
    ['version 0', { version: 0, target: 'all', ...bound }],
    ['a fractional version', { version: 1.5, target: 'all', ...bound }],
    ['an unsafe version', { version: 2 ** 53, target: 'all', ...bound }],
    ['no target', { version: 1, ...bound }],
    ['a wildcard target', { version: 1, target: '+', ...bound }],
    ['no prefix', { version: 1, target: 'all', notAfter: bound.notAfter }],
    ['a wildcard prefix', { version: 1, target: 'all', ...bound, prefix: 'shop/#' }],
    ['no notAfter', { version: 1, target: 'all', prefix: bound.prefix }],
    [
      'a notAfter that is not a UTC time',
      { version: 1, target: 'all', ...bound, notAfter: 'soon' },
    ],
  ])('refuse a config with %s', (_name, config) => {
    expect(configEnvelopeSchema.safeParse({ ...envelope, config }).success).toBe(false);
  });

  it('refuse a signature that is not 64 bytes of base64url, or an extra field', () => {
    expect(configEnvelopeSchema.safeParse({ ...envelope, signature: 'A'.repeat(85) }).success).toBe(
      false,
    );
    expect(
      configEnvelopeSchema.safeParse({ ...envelope, signature: `${'A'.repeat(85)}=` }).success,
    ).toBe(false);
    expect(configEnvelopeSchema.safeParse({ ...envelope, signedBy: 'me' }).success).toBe(false);
  });
});
