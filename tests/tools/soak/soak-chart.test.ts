import { describe, expect, it } from 'vitest';
import { soakChartSvg } from '../../../tools/soak/soak-chart';

const samples = [50, 100, 150].map((sessions, index) => ({
  sessions,
  heapBytes: (4 + index * 0.1) * 1024 * 1024,
  nodes: 232,
  listeners: 179 + index,
  detachedNodes: 0,
}));

describe('the soak chart', () => {
  it('draws heap, nodes and listeners over sessions, with first and last values', () => {
    const svg = soakChartSvg(samples, 'Kiosk <renderer> & co');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<polyline /g)).toHaveLength(3);
    expect(svg).toContain('4.00 MiB → 4.20 MiB');
    expect(svg).toContain('232 → 232');
    expect(svg).toContain('179 → 181');
    expect(svg).toContain('150 sessions');
    expect(svg).toContain('Kiosk &#60;renderer&#62; &#38; co');
  });

  it('draws an empty chart, not a broken one, without samples', () => {
    const svg = soakChartSvg([], 'none');
    expect(svg).not.toContain('<polyline');
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
});
