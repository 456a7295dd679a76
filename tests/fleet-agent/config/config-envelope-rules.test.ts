/**
 * The signed config envelope is read from the network: whatever arrives on a config topic,
 * the kiosk's reader never throws, and nothing but the exact envelope the operator signed
 * (for this prefix, this target, still valid) is ever taken. Bounded property runs.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { REFUSAL_REASONS } from '../../../shared/fleet/payloads';
import {
  checkEnvelope,
  type EnvelopeContext,
} from '../../../fleet-agent/config/config-envelope-rules';
import { createRemoteConfig } from '../../../fleet-agent/config/remote-config';
import type { KioskConfig } from '../../../shared/kiosk-config/config-keys';
import { kioskRemoteKeys } from '../../../fleet-agent/config/remote-keys';
import { makeKeyPair, signEnvelope } from '../../support/fleet-keys';

const signer = makeKeyPair();
const NOW = Date.parse('2026-11-23T10:00:00.000Z');
const PREFIX = 'chain/north';
const KIOSK = 'kiosk-7';

const context: EnvelopeContext<KioskConfig> = {
  scope: 'kiosk',
  kioskId: KIOSK,
  groups: { store: 'lyon-1', region: 'eu-west' },
  prefix: PREFIX,
  publicKey: signer.publicText,
  minVersion: 0,
  keys: kioskRemoteKeys({ locks: () => [], minAppVersion: () => '' }),
  now: NOW,
};

const valid = signEnvelope(
  {
    version: 7,
    target: KIOSK,
    prefix: PREFIX,
    notAfter: '2026-12-01T00:00:00.000Z',
    idleTimeoutSeconds: 45,
    fleet: { healthSeconds: 30 },
  },
  signer.privateKey,
);
const validText = JSON.stringify(valid);

function freshKiosk() {
  return createRemoteConfig({
    kioskId: KIOSK,
    prefix: PREFIX,
    topics: { fleet: `${PREFIX}/fleet/config`, kiosk: `${PREFIX}/kiosks/${KIOSK}/config` },
    publicKey: () => signer.publicText,
    keys: kioskRemoteKeys({ locks: () => [] }),
    store: { load: () => ({ fleet: null, kiosk: null }), save: () => undefined },
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    now: () => NOW,
  });
}

/** Sets `value` at a path of a JSON value (a new object; the path is cut where it cannot go). */
function setAt(target: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head = '', ...rest] = path;
  const base =
    typeof target === 'object' && target !== null && !Array.isArray(target)
      ? (target as Record<string, unknown>)
      : {};
  return { ...base, [head]: setAt(base[head], rest, value) };
}

/** Text a hostile publisher might send: numbers JSON.parse cannot keep, deep nesting, junk. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '{"config":{"version":1e400,"target":"all","x":1e400},"signature":"x"}',
    '{"config":{"version":4,"target":"all","x":1e400},"signature":"' + 'A'.repeat(86) + '"}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    '{"__proto__":{"polluted":true},"config":{},"signature":""}',
    'null',
    '',
  ),
  fc.string({ maxLength: 300 }),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
);

describe('the signed config reader, on hostile input', () => {
  it('never throws on any bytes, and takes nothing it was not signed', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 2048 }),
        fc.constantFrom('fleet' as const, 'kiosk' as const),
        (bytes, scope) => {
          const kiosk = freshKiosk();
          expect(kiosk.receive(scope, bytes)).toBe('refused');
          expect(kiosk.layers()).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never throws on hostile JSON text, and refuses it', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const kiosk = freshKiosk();
        expect(kiosk.receive('kiosk', new TextEncoder().encode(text))).toBe('refused');
        expect(kiosk.version()).toBeNull();
        const parsed = parseOrNull(text);
        expect(() => checkEnvelope(parsed, context)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });

  it('refuses every change to a signed envelope, at any path, with any value', () => {
    expect(freshKiosk().receive('kiosk', new TextEncoder().encode(validText))).toBe('accepted');
    const paths = fc.oneof(
      fc.constantFrom(
        ['config', 'version'],
        ['config', 'target'],
        ['config', 'prefix'],
        ['config', 'notAfter'],
        ['config', 'tombstone'],
        ['config', 'idleTimeoutSeconds'],
        ['config', 'fleet', 'healthSeconds'],
        ['config', 'catalogueUrl'],
        ['signature'],
        ['publicKey'],
      ),
      fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 3 }),
    );
    fc.assert(
      fc.property(paths, fc.jsonValue({ maxDepth: 2 }), (path, value) => {
        const mutated = setAt(JSON.parse(validText), path, value);
        const text = JSON.stringify(mutated);
        const kiosk = freshKiosk();
        const result = kiosk.receive('kiosk', new TextEncoder().encode(text));
        if (JSON.stringify(JSON.parse(text)) === JSON.stringify(JSON.parse(validText))) return;
        expect(result).toBe('refused');
        expect(kiosk.layers()).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses the signed envelope for another kiosk, another prefix, or after its notAfter', () => {
    expect(checkEnvelope(valid, context)).toMatchObject({ ok: true });
    expect(checkEnvelope(valid, { ...context, kioskId: 'kiosk-8' })).toEqual({
      ok: false,
      reasons: [REFUSAL_REASONS.wrongTarget],
    });
    expect(checkEnvelope(valid, { ...context, scope: 'fleet' })).toEqual({
      ok: false,
      reasons: [REFUSAL_REASONS.wrongTarget],
    });
    expect(checkEnvelope(valid, { ...context, prefix: 'chain/south' })).toEqual({
      ok: false,
      reasons: [REFUSAL_REASONS.wrongPrefix],
    });
    expect(
      checkEnvelope(valid, { ...context, now: Date.parse('2026-12-01T00:00:00.000Z') }),
    ).toEqual({
      ok: false,
      reasons: [REFUSAL_REASONS.expired],
    });
    expect(checkEnvelope(valid, { ...context, minVersion: 8 })).toEqual({
      ok: false,
      reasons: [REFUSAL_REASONS.belowMinimumVersion],
    });
  });
});

describe('configs for a store or a region', () => {
  const forGroup = (target: string) =>
    signEnvelope(
      {
        version: 3,
        target,
        prefix: PREFIX,
        notAfter: '2026-12-01T00:00:00.000Z',
        idleTimeoutSeconds: 50,
      },
      signer.privateKey,
    );
  const refusedAsWrongTarget = { ok: false, reasons: [REFUSAL_REASONS.wrongTarget] };

  it('takes a config for its own store on the store topic and its own region on the region topic', () => {
    expect(checkEnvelope(forGroup('store:lyon-1'), { ...context, scope: 'store' })).toMatchObject({
      ok: true,
      values: { idleTimeoutSeconds: 50 },
    });
    expect(
      checkEnvelope(forGroup('region:eu-west'), { ...context, scope: 'region' }),
    ).toMatchObject({ ok: true, values: { idleTimeoutSeconds: 50 } });
  });

  it('refuses a config signed for another store or region, even on its own group topic', () => {
    expect(checkEnvelope(forGroup('store:paris-2'), { ...context, scope: 'store' })).toEqual(
      refusedAsWrongTarget,
    );
    expect(checkEnvelope(forGroup('region:eu-north'), { ...context, scope: 'region' })).toEqual(
      refusedAsWrongTarget,
    );
  });

  it('refuses a group config when the kiosk is in no group of that kind', () => {
    const ungrouped = { ...context, groups: { store: null, region: null } };
    expect(checkEnvelope(forGroup('store:lyon-1'), { ...ungrouped, scope: 'store' })).toEqual(
      refusedAsWrongTarget,
    );
    expect(checkEnvelope(forGroup('region:eu-west'), { ...ungrouped, scope: 'region' })).toEqual(
      refusedAsWrongTarget,
    );
  });

  it('never lets one audience stand in for another', () => {
    // A store's config on the fleet's or the kiosk's topic, a region's on the store's topic…
    expect(checkEnvelope(forGroup('store:lyon-1'), { ...context, scope: 'fleet' })).toEqual(
      refusedAsWrongTarget,
    );
    expect(checkEnvelope(forGroup('store:lyon-1'), { ...context, scope: 'kiosk' })).toEqual(
      refusedAsWrongTarget,
    );
    expect(checkEnvelope(forGroup('region:lyon-1'), { ...context, scope: 'store' })).toEqual(
      refusedAsWrongTarget,
    );
    // …and the fleet's or a kiosk's config on a group's topic.
    expect(checkEnvelope(forGroup('all'), { ...context, scope: 'store' })).toEqual(
      refusedAsWrongTarget,
    );
    expect(checkEnvelope(forGroup(KIOSK), { ...context, scope: 'region' })).toEqual(
      refusedAsWrongTarget,
    );
  });

  it('reads a target that is no valid group as malformed', () => {
    for (const target of ['store:', 'store:a/b', 'region:#', 'store:+', 'shop:lyon-1']) {
      expect(checkEnvelope(forGroup(target), { ...context, scope: 'store' })).toEqual({
        ok: false,
        reasons: [REFUSAL_REASONS.malformed],
      });
    }
  });
});

/** What the reader sees of the text once parsed: its value, or null for text that is not JSON. */
function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
