// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKioskBound } from '@shared/fleet/kiosk-bound';
import { health, KEY_A, message, offline, online, PREFIX } from '../test/messages';
import {
  applyMessages,
  emptyFleet,
  MEMORY_TREND_LENGTH,
  recordCommand,
  type FleetState,
  type FoldOptions,
} from './fleet-state';
import type { FleetMessage } from '../protocol/read-message';

const apply = (
  messages: FleetMessage[],
  state: FleetState = emptyFleet(),
  options: FoldOptions = {},
) => applyMessages(state, messages, PREFIX, options);

describe('presence', () => {
  it('shows a kiosk online since it started, with its version and public key', () => {
    const kiosk = apply([online('k1')]).kiosks.get('k1');
    expect(kiosk).toMatchObject({
      presence: 'online',
      since: Date.parse('2026-11-23T10:00:00.000Z'),
      version: '0.1.0',
      publicKey: KEY_A,
    });
  });

  it('shows it offline since the Last Will arrived, keeping the key it named', () => {
    const state = apply([online('k1'), offline('k1', { receivedAt: 5_000 })]);
    expect(state.kiosks.get('k1')).toMatchObject({
      presence: 'offline',
      since: 5_000,
      publicKey: KEY_A,
    });
  });

  it('shows a kiosk’s own report of a lost link as offline since it lost it, then online, keeping the lost link', () => {
    const report = message(
      'kiosks/k1/status',
      {
        state: 'offline',
        lostAt: '2026-11-23T10:05:00.000Z',
        reportedAt: '2026-11-23T10:05:02.500Z',
      },
      { receivedAt: Date.parse('2026-11-23T10:05:02.600Z') },
    );
    const lostLink = {
      lostAt: Date.parse('2026-11-23T10:05:00.000Z'),
      reportedAt: Date.parse('2026-11-23T10:05:02.500Z'),
    };
    const offline = apply([online('k1'), report]);
    expect(offline.kiosks.get('k1')).toMatchObject({
      presence: 'offline',
      since: lostLink.lostAt,
      lostLink,
    });
    const back = apply([online('k1')], offline);
    expect(back.kiosks.get('k1')).toMatchObject({ presence: 'online', lostLink });
  });

  it('does not claim a time for an offline status that was already retained', () => {
    const state = apply([offline('k1', { retained: true })]);
    expect(state.kiosks.get('k1')).toMatchObject({ presence: 'offline', since: null });
  });

  it('refuses a malformed status: counted, never shown online', () => {
    const state = apply([
      message('kiosks/k1/status', { state: 'online', version: '0.1.0' }),
      message('kiosks/k1/status', 'not json'),
    ]);
    expect(state.kiosks.has('k1')).toBe(false);
    expect(state.ignored).toBe(2);
  });

  it('forgets a kiosk whose retained status is cleared', () => {
    const state = apply([online('k1'), message('kiosks/k1/status', new Uint8Array())]);
    expect(state.kiosks.has('k1')).toBe(false);
  });

  it('ignores other prefixes and the fleet-wide pseudo-kiosk', () => {
    const foreign: FleetMessage = { ...online('k1'), topic: 'other/kiosks/k1/status' };
    const state = apply([foreign, online('all')]);
    expect(state.kiosks.size).toBe(0);
  });
});

describe('health', () => {
  it('keeps the fields and a bounded memory trend, oldest first', () => {
    const messages = Array.from({ length: MEMORY_TREND_LENGTH + 5 }, (_, i) =>
      health('k1', { memory: { mainMB: i, rendererMB: 100 } }),
    );
    const kiosk = apply([online('k1'), ...messages]).kiosks.get('k1');
    expect(kiosk?.memoryTrend).toHaveLength(MEMORY_TREND_LENGTH);
    expect(kiosk?.memoryTrend.at(-1)).toBe(MEMORY_TREND_LENGTH + 4 + 100);
    expect(kiosk?.health).toMatchObject({ screen: 'attract', printerAvailable: true });
    expect(kiosk?.lastSeen).toBe(Date.parse('2026-11-23T10:05:00.000Z'));
  });

  it('shows a field of the wrong shape as unknown and keeps the rest', () => {
    const kiosk = apply([health('k1', { printer: 'yes', lastError: 'Printer jammed' })]).kiosks.get(
      'k1',
    );
    expect(kiosk?.presence).toBe('unknown');
    expect(kiosk?.health).toMatchObject({ printerAvailable: null, lastError: 'Printer jammed' });
  });

  it('keeps what a kiosk says it dropped unread, and knows nothing of it from an older kiosk', () => {
    const recent = [{ at: '2026-11-23T10:04:00.000Z', topic: 't', reason: 'too large' }];
    const kiosk = apply([health('k1', { dropped: { count: 3, recent } })]).kiosks.get('k1');
    expect(kiosk?.health?.dropped).toEqual({ count: 3, recent });
    const older = apply([health('k2', { dropped: undefined })]).kiosks.get('k2');
    expect(older?.health?.dropped).toBeNull();
  });

  it('counts a health message that is not an object as malformed', () => {
    expect(apply([message('kiosks/k1/health', '[1,2]')]).ignored).toBe(1);
  });
});

describe('acknowledgements', () => {
  const sent = recordCommand(emptyFleet(), {
    id: 'c1',
    command: 'ping',
    target: 'all',
    sentAt: 0,
    expected: 2,
  });
  const ack = (kiosk: string, id: string, ok = true) =>
    message(`kiosks/${kiosk}/acks`, {
      id,
      command: 'ping',
      ok,
      ...(ok ? {} : { error: 'unknown command' }),
      at: '2026-11-23T10:06:00.000Z',
    });

  it('records each kiosk’s ack against the command it answers', () => {
    const state = apply([ack('k1', 'c1'), ack('k2', 'c1', false), ack('k3', 'other')], sent);
    const acks = state.commands[0]?.acks;
    expect(acks?.get('k1')).toMatchObject({ ok: true, error: null });
    expect(acks?.get('k2')).toMatchObject({ ok: false, error: 'unknown command' });
    expect(acks?.size).toBe(2);
  });

  it('leaves the acks of the state it folded from as they were, fold after fold', () => {
    const first = apply([ack('k1', 'c1')], sent);
    const second = apply([ack('k2', 'c1'), ack('k3', 'c1')], first);
    expect(sent.commands[0]?.acks.size).toBe(0);
    expect(first.commands[0]?.acks.size).toBe(1);
    expect(second.commands[0]?.acks.size).toBe(3);
    expect(second.commands[0]?.acks).not.toBe(first.commands[0]?.acks);
  });

  it('leaves the state untouched by acks for commands it never sent', () => {
    expect(apply([ack('k1', 'nope')], sent)).toBe(sent);
  });
});

describe('configs in force', () => {
  const envelope = (target: string, version: number) => ({
    config: {
      version,
      target,
      prefix: 'kiosk-shop',
      notAfter: '2026-12-31T23:59:00.000Z',
      idleTimeoutSeconds: 60,
    },
    signature: 'S'.repeat(86),
  });

  it('keeps the fleet-wide and per-kiosk configs by target, and forgets a cleared one', () => {
    let state = apply([
      message('fleet/config', envelope('all', 3)),
      message('kiosks/k1/config', envelope('k1', 1)),
    ]);
    expect(state.configs.get('all')?.envelope?.config.version).toBe(3);
    expect(state.configs.get('k1')?.envelope?.config.target).toBe('k1');
    state = apply([message('fleet/config', new Uint8Array())], state);
    expect(state.configs.has('all')).toBe(false);
  });

  it('marks an unreadable retained config as such rather than dropping it', () => {
    const state = apply([message('fleet/config', { config: {} })]);
    expect(state.configs.get('all')).toMatchObject({ envelope: null });
  });
});

it('keeps the last screenshot with the kiosk it came from', () => {
  const png = new Uint8Array([0x89, 0x50]);
  const state = apply([message('kiosks/k1/screenshot', png, { receivedAt: 9 })]);
  expect(state.screenshot).toEqual({ kioskId: 'k1', png, receivedAt: 9 });
});

it('copies nothing when a batch changes nothing', () => {
  const state = apply([online('k1')]);
  expect(apply([], state)).toBe(state);
});

describe('the bound on the kiosks kept', () => {
  it('keeps at most its bound whatever ids are named, every enrolled kiosk first, and counts the rest', () => {
    const enrolled = ['k-enrolled-1', 'k-enrolled-2'];
    const certified = (id: string) =>
      enrolled.includes(id) ? { store: 'lyon-1', region: null, serial: `s-${id}` } : null;
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.nat({ max: 200 }).map((n) => online(`forged-${n}`)),
            fc.constantFrom(...enrolled).map((id) => online(id)),
            fc.nat({ max: 200 }).map((n) => health(`forged-${n}`)),
            fc.nat({ max: 200 }).map((n) => message(`kiosks/forged-${n}/status`, '')),
          ),
          { maxLength: 120 },
        ),
        (messages) => {
          const bound = createKioskBound((id) => certified(id) !== null, 10);
          const state = apply(messages, emptyFleet(), { certified, bound });
          expect(state.kiosks.size).toBeLessThanOrEqual(10);
          expect(state.kiosks.size).toBe(bound.size());
          const named = new Set(
            messages
              .map((one) => /kiosks\/([^/]+)\/status/.exec(one.topic)?.[1])
              .filter((id): id is string => id !== undefined && enrolled.includes(id)),
          );
          for (const id of named) expect(state.kiosks.get(id)?.store).toBe('lyon-1');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('drops a new unenrolled id once full and counts it, and lets an enrolled one in', () => {
    const bound = createKioskBound((id) => id === 'k-real', 2);
    const certified = (id: string) =>
      id === 'k-real' ? { store: 'paris-9', region: null, serial: 's-1' } : null;
    let state = apply([online('x-1'), online('x-2'), online('x-3'), health('x-4')], emptyFleet(), {
      certified,
      bound,
    });
    expect([...state.kiosks.keys()]).toEqual(['x-1', 'x-2']);
    expect(state.overLimit).toBe(2);
    state = apply([online('k-real')], state, { certified, bound });
    expect([...state.kiosks.keys()]).toEqual(['x-2', 'k-real']);
    expect(state.kiosks.get('k-real')).toMatchObject({ store: 'paris-9', enrolled: true });
  });
});
