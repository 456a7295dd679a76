import { describe, expect, it } from 'vitest';
import {
  formatVerdict,
  judgeSoak,
  SOAK_BUDGETS,
  type SoakSample,
} from '../../../tools/soak/soak-budgets';

const MIB = 1024 * 1024;

/** Samples every 50 sessions up to 1,000, all alike unless `change` says otherwise. */
function run(change: (sample: SoakSample) => Partial<SoakSample> = () => ({})): SoakSample[] {
  return Array.from({ length: 20 }, (_, index) => {
    const sample = {
      sessions: (index + 1) * 50,
      heapBytes: 8 * MIB,
      nodes: 1000,
      listeners: 200,
      detachedNodes: 0,
    };
    return { ...sample, ...change(sample) };
  });
}

const failed = (samples: SoakSample[]) =>
  judgeSoak(samples)
    .checks.filter((check) => !check.pass)
    .map((check) => check.name);

describe('the soak’s budgets', () => {
  it('passes a kiosk that holds steady from session 100 on, whatever it did before', () => {
    const samples = run((s) => (s.sessions < 100 ? { heapBytes: 40 * MIB, nodes: 5000 } : {}));
    const verdict = judgeSoak(samples);
    expect(verdict.pass).toBe(true);
    expect(verdict.checks.map((check) => check.name)).toEqual([
      'JS heap growth',
      'DOM nodes',
      'event listeners',
      'detached nodes',
    ]);
    expect(failed(samples)).toEqual([]);
  });

  it('allows 2 MiB of heap growth and not a byte more', () => {
    const at = (bytes: number) =>
      run((s) => (s.sessions === 1000 ? { heapBytes: 8 * MIB + bytes } : {}));
    expect(failed(at(SOAK_BUDGETS.heapGrowthBytes))).toEqual([]);
    expect(failed(at(SOAK_BUDGETS.heapGrowthBytes + 1))).toEqual(['JS heap growth']);
  });

  it('keeps DOM nodes and listeners within ±5 %, either way', () => {
    expect(
      failed(run((s) => (s.sessions === 1000 ? { nodes: 1050, listeners: 190 } : {}))),
    ).toEqual([]);
    expect(failed(run((s) => (s.sessions === 1000 ? { nodes: 1051 } : {})))).toEqual(['DOM nodes']);
    expect(failed(run((s) => (s.sessions === 1000 ? { listeners: 189 } : {})))).toEqual([
      'event listeners',
    ]);
  });

  it('allows no detached-node growth', () => {
    expect(failed(run((s) => (s.sessions === 1000 ? { detachedNodes: 1 } : {})))).toEqual([
      'detached nodes',
    ]);
  });

  it('gives no verdict without a baseline and a later sample, and says so', () => {
    const verdict = judgeSoak(run().slice(0, 2));
    expect(verdict).toMatchObject({ pass: true, checks: [] });
    expect(formatVerdict(verdict, 100)).toEqual([
      'soak: 100 sessions, no verdict (budgets need samples at session 100 and later)',
    ]);
  });

  it('prints each budget and the verdict', () => {
    const lines = formatVerdict(
      judgeSoak(run((s) => (s.sessions === 1000 ? { nodes: 2000 } : {}))),
      1000,
    );
    expect(lines).toContain('  OVER DOM nodes: 1000 → 2000 (±5 %)');
    expect(lines.at(-1)).toBe('soak: 1000 sessions, OVER BUDGET');
  });
});
