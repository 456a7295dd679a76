import { describe, expect, it } from 'vitest';
import { withStagingPercentage } from '../../../tools/updates/update-signing';

describe('a channel file’s staged rollout', () => {
  it('sets stagingPercentage, replacing the line where there is one', () => {
    expect(withStagingPercentage('version: 1.4.0\npath: a.AppImage\n', 10)).toBe(
      'version: 1.4.0\npath: a.AppImage\nstagingPercentage: 10\n',
    );
    expect(withStagingPercentage('version: 1.4.0\nstagingPercentage: 10\npath: a\n', 50)).toBe(
      'version: 1.4.0\nstagingPercentage: 50\npath: a\n',
    );
    expect(withStagingPercentage('version: 1.4.0', 25)).toBe(
      'version: 1.4.0\nstagingPercentage: 25\n',
    );
  });

  it('refuses what is not a whole percentage', () => {
    for (const bad of [0, 101, 12.5, Number.NaN]) {
      expect(() => withStagingPercentage('version: 1.4.0\n', bad)).toThrow(
        '--staging must be a whole percentage from 1 to 100',
      );
    }
  });
});
