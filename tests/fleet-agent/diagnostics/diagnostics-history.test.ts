/**
 * The history a diagnostics bundle tells: the last health reports, bounded, and one entry
 * per change of the updater's state (not per report), bounded too, oldest dropped first.
 */
import { describe, expect, it } from 'vitest';
import { createDiagnosticsHistory } from '../../../fleet-agent/diagnostics/diagnostics-history';
import { SAMPLE_HEALTH } from '../../support/fixtures/kiosk-health';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute)).toISOString();

describe('the diagnostics history', () => {
  it('keeps the last health reports, and one update entry per change', () => {
    const history = createDiagnosticsHistory({ health: 3, updates: 2 });
    const states = ['checking', 'checking', 'downloading', 'downloading', 'error'] as const;
    states.forEach((state, minute) => {
      history.recordHealth({
        ...SAMPLE_HEALTH,
        at: at(minute),
        update: { state, percent: minute * 10 },
      });
    });
    expect(history.health().map((report) => report.at)).toEqual([at(2), at(3), at(4)]);
    // checking, downloading, error: the first went when the third came (at most 2).
    expect(history.updates()).toEqual([
      { at: at(2), state: 'downloading', percent: 20 },
      { at: at(4), state: 'error', percent: 40 },
    ]);
  });

  it('records nothing for a kiosk that takes no updates', () => {
    const history = createDiagnosticsHistory();
    history.recordHealth({ ...SAMPLE_HEALTH, update: null });
    expect(history.updates()).toEqual([]);
    expect(history.health()).toHaveLength(1);
  });
});
