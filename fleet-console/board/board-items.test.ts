// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { applyChange, columnsOf, EMPTY_STATE, fromSnapshot, spokenNumber } from './board-items';

const settings = {
  boardReadyMinutes: 10,
  boardChime: true,
  boardSpeech: false,
  boardSpeechLanguages: ['en'],
};

describe('the ready board’s numbers', () => {
  it('shows preparing and ready numbers, lets handed-over ones go, and announces each newly ready one once', () => {
    const { state, nowReady } = fromSnapshot(
      EMPTY_STATE,
      {
        items: [
          { number: 'C 1', state: 'new', stateAt: 1 },
          { number: 'C 2', state: 'ready', stateAt: 2 },
        ],
        lastMoveId: 3,
        settings,
        now: 10,
      },
      10,
    );
    expect(nowReady).toEqual([]);
    const ready = applyChange(state, {
      id: 4,
      item: { number: 'C 1', state: 'ready', stateAt: 5 },
    });
    expect(ready.nowReady).toBe('C 1');
    expect(
      applyChange(ready.state, { id: 4, item: { number: 'C 1', state: 'ready', stateAt: 5 } })
        .nowReady,
    ).toBeNull();
    const gone = applyChange(ready.state, {
      id: 5,
      item: { number: 'C 2', state: 'handed-over', stateAt: 6 },
    });
    expect(columnsOf(gone.state, 10, 10)).toEqual({
      preparing: [],
      ready: [{ number: 'C 1', state: 'ready', stateAt: 5 }],
    });
  });

  it('lets a ready number go after the shop’s time', () => {
    const { state } = fromSnapshot(
      EMPTY_STATE,
      { items: [{ number: 'F 9', state: 'ready', stateAt: 0 }], lastMoveId: 1, settings, now: 0 },
      0,
    );
    expect(columnsOf(state, 9 * 60_000, 10).ready).toHaveLength(1);
    expect(columnsOf(state, 10 * 60_000, 10).ready).toHaveLength(0);
    expect(spokenNumber('C 27')).toBe('C, 27');
  });
});
