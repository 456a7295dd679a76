import { describe, expect, it } from 'vitest';
import { workingSets } from '../../../fleet-agent/health/process-memory';

const metric = (type: string, workingSetSize: number) => ({ type, memory: { workingSetSize } });

describe('the working sets of the kiosk’s processes', () => {
  it('takes the browser process as main and every tab as a renderer, nothing else', () => {
    expect(
      workingSets([
        metric('GPU', 900),
        metric('Tab', 350),
        metric('Browser', 180),
        metric('Tab', 90),
      ]),
    ).toEqual({ mainKB: 180, renderersKB: [350, 90] });
  });

  it('says 0 for a main it cannot see and no renderers before one runs', () => {
    expect(workingSets([])).toEqual({ mainKB: 0, renderersKB: [] });
  });
});
