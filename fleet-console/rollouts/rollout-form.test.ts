import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIELDS,
  describeSelector,
  planFromFields,
  type RolloutFields,
} from './rollout-form';

const NOW = Date.parse('2026-11-26T08:00:00.000Z');
const fields = (overrides: Partial<RolloutFields> = {}): RolloutFields => ({
  ...DEFAULT_FIELDS,
  title: 'Idle 90',
  ...overrides,
});

describe('the start form', () => {
  it('makes a plan of 10 % → 25 % → 50 % → all, with the gate and a validity', () => {
    const result = planFromFields(fields(), NOW);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.plan.id).toMatch(/^idle-90-[a-z0-9]+$/);
    expect(result.plan.steps).toEqual([
      { kind: 'percentage', percent: 10 },
      { kind: 'percentage', percent: 25 },
      { kind: 'percentage', percent: 50 },
      { kind: 'all' },
    ]);
    expect(result.plan.payload).toEqual({ kind: 'config', keys: { idleTimeoutSeconds: 90 } });
    expect(result.plan.gate).toEqual({ windowSeconds: 600, maxFailing: 0, crashLoopRestarts: 3 });
    expect(result.plan.notAfter).toBe('2026-12-26T08:00:00.000Z');
  });

  it('starts on named canaries in one store, and always ends with the whole scope', () => {
    const result = planFromFields(
      fields({
        first: 'kiosks',
        canaries: 'kiosk-a, kiosk-b kiosk-a',
        laterPercents: '',
        scope: 'store',
        scopeName: 'North 1',
      }),
      NOW,
    );
    expect(result.ok && result.plan.steps).toEqual([
      { kind: 'kiosks', kioskIds: ['kiosk-a', 'kiosk-b'] },
      { kind: 'all' },
    ]);
    expect(result.ok && result.plan.scope).toEqual({ kind: 'store', store: 'North 1' });
  });

  it('rolls out an app version', () => {
    const result = planFromFields(fields({ what: 'version', version: '1.4.0' }), NOW);
    expect(result.ok && result.plan.payload).toEqual({ kind: 'version', version: '1.4.0' });
  });

  it('says what is wrong, field by field', () => {
    const result = planFromFields(
      fields({
        title: ' ',
        configKeys: '{"version": 9}',
        firstPercent: '0',
        laterPercents: '25, lots',
        windowSeconds: '-1',
        scope: 'region',
      }),
      NOW,
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        'Give the rollout a title.',
        'The rollout sets version itself; leave it out.',
        'Name the region.',
        'The first step must be a percentage above 0 and at most 100.',
        '“lots” is not a percentage above 0 and at most 100.',
        'The gate’s window must be 1 to 86,400 seconds.',
      ],
    });
    expect(planFromFields(fields({ configKeys: '[1]' }), NOW).ok).toBe(false);
    expect(planFromFields(fields({ configKeys: 'nope' }), NOW).ok).toBe(false);
    expect(planFromFields(fields({ what: 'version', version: 'latest' }), NOW).ok).toBe(false);
    expect(planFromFields(fields({ first: 'kiosks', canaries: 'all' }), NOW).ok).toBe(false);
  });

  it('names selectors in the operator’s words', () => {
    expect(describeSelector({ kind: 'percentage', percent: 10 })).toBe('10 %');
    expect(describeSelector({ kind: 'kiosks', kioskIds: ['kiosk-a'] })).toBe('kiosk kiosk-a');
    expect(describeSelector({ kind: 'region', region: 'North' })).toBe('region North');
  });
});
