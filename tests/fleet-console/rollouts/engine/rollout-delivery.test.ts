import { NO_GROUPS } from '../../../../shared/fleet/groups';
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkEnvelope } from '../../../../fleet-agent/config/config-envelope-rules';
import { kioskRemoteKeys } from '../../../../fleet-agent/config/remote-keys';
import type { Ed25519Signer } from '../../../../shared/fleet/trust/operator-signature';
import {
  deliveryConfig,
  mergeKeys,
  rollbackConfig,
  signEnvelope,
} from '../../../../fleet-console/rollouts/engine/rollout-delivery';
import type { Delivery } from '../../../../fleet-console/rollouts/engine/rollout-state';
import { makeKeyPair } from '../../../support/fleet-keys';
import { rolloutPlan, T0 } from '../../../support/fixtures/rollout';

const subtle = webcrypto.subtle as unknown as Ed25519Signer<CryptoKey>;
const PREFIX = 'kiosk-shop';

const delivery = (overrides: Partial<Delivery> = {}): Delivery => ({
  kioskId: 'kiosk-001',
  step: 0,
  version: 4,
  at: T0,
  previous: { version: 3, keys: { printerName: 'Slip' }, notAfter: '2026-12-10T00:00:00.000Z' },
  ...overrides,
});

function kioskCheck(envelope: string, kioskId: string, publicKey: string) {
  return checkEnvelope(JSON.parse(envelope), {
    scope: 'kiosk',
    kioskId,
    groups: NO_GROUPS,
    prefix: PREFIX,
    publicKey,
    minVersion: 0,
    keys: kioskRemoteKeys({ locks: () => [], minAppVersion: () => '' }),
    now: T0 + 1000,
  });
}

describe('what a rollout signs for one kiosk', () => {
  it('keeps what the kiosk had on its own topic and adds the rollout keys, one version up', () => {
    expect(deliveryConfig(rolloutPlan(), delivery(), PREFIX)).toEqual({
      printerName: 'Slip',
      idleTimeoutSeconds: 90,
      version: 4,
      target: 'kiosk-001',
      prefix: PREFIX,
      notAfter: '2026-12-26T08:00:00.000Z',
    });
  });

  it('rolls an app version out as a pin', () => {
    const plan = rolloutPlan({ payload: { kind: 'version', version: '1.4.0' } });
    const config = deliveryConfig(
      plan,
      delivery({ previous: { version: 0, keys: null, notAfter: null } }),
      PREFIX,
    );
    expect(config).toMatchObject({ update: { pinVersion: '1.4.0' }, target: 'kiosk-001' });
  });

  it('merges nested groups key by key', () => {
    expect(mergeKeys({ update: { channel: 'beta' } }, { update: { pinVersion: '1.4.0' } })).toEqual(
      {
        update: { channel: 'beta', pinVersion: '1.4.0' },
      },
    );
  });

  it('gives back the previous keys above the version in force, or withdraws with a tombstone', () => {
    const plan = rolloutPlan();
    expect(rollbackConfig(plan, delivery(), PREFIX, 4, T0)).toEqual({
      printerName: 'Slip',
      version: 5,
      target: 'kiosk-001',
      prefix: PREFIX,
      notAfter: '2026-12-10T00:00:00.000Z',
    });
    // An operator raised the version since: the rollback goes above it.
    expect(rollbackConfig(plan, delivery(), PREFIX, 9, T0).version).toBe(10);
    const none = delivery({ previous: { version: 0, keys: null, notAfter: null } });
    expect(rollbackConfig(plan, none, PREFIX, 4, T0)).toEqual({
      version: 5,
      target: 'kiosk-001',
      prefix: PREFIX,
      notAfter: plan.notAfter,
      tombstone: true,
    });
    // Previous keys that have expired since are not signed again with a new life.
    const lapsed = delivery({
      previous: { version: 3, keys: { printerName: 'Slip' }, notAfter: '2026-11-01T00:00:00.000Z' },
    });
    expect(rollbackConfig(plan, lapsed, PREFIX, 4, T0)).toMatchObject({ tombstone: true });
  });

  it('signs envelopes the kiosk takes on its own topic, and only there', async () => {
    const operator = makeKeyPair();
    const key = await webcrypto.subtle.importKey(
      'pkcs8',
      operator.privateKey.export({ format: 'der', type: 'pkcs8' }),
      { name: 'Ed25519' },
      false,
      ['sign'],
    );
    const plan = rolloutPlan();
    const config = deliveryConfig(plan, delivery(), PREFIX);
    const envelope = await signEnvelope(config, key, subtle, operator.publicText);
    const taken = kioskCheck(envelope, 'kiosk-001', operator.publicText);
    expect(taken.ok && taken.values).toEqual({ printerName: 'Slip', idleTimeoutSeconds: 90 });
    const elsewhere = kioskCheck(envelope, 'kiosk-002', operator.publicText);
    expect(elsewhere).toEqual({ ok: false, reasons: ['wrong target'] });
    const withdrawal = await signEnvelope(
      rollbackConfig(
        plan,
        delivery({ previous: { version: 0, keys: null, notAfter: null } }),
        PREFIX,
        4,
        T0,
      ),
      key,
      subtle,
      null,
    );
    const cleared = kioskCheck(withdrawal, 'kiosk-001', operator.publicText);
    expect(cleared.ok && cleared.tombstone).toBe(true);
  });
});
