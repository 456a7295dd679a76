/**
 * The soak's chart as a hand-made SVG (no chart library): heap, DOM nodes and event
 * listeners over sessions, one panel each, every panel's axis from zero so a small change
 * looks small, with the first and last values written beside it.
 */
import type { SoakSample } from './soak-budgets';

const WIDTH = 760;
const PANEL = 96;
const GAP = 22;
const PAD = { left: 60, right: 200, top: 40, bottom: 40 };

interface Series {
  label: string;
  colour: string;
  value: (sample: SoakSample) => number;
  format: (value: number) => string;
}

const SERIES: Series[] = [
  {
    label: 'JS heap',
    colour: '#1d4ed8',
    value: (s) => s.heapBytes,
    format: (v) => `${(v / 1024 / 1024).toFixed(2)} MiB`,
  },
  {
    label: 'DOM nodes',
    colour: '#059669',
    value: (s) => s.nodes,
    format: (v) => String(Math.round(v)),
  },
  {
    label: 'event listeners',
    colour: '#d97706',
    value: (s) => s.listeners,
    format: (v) => String(Math.round(v)),
  },
];

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function soakChartSvg(samples: readonly SoakSample[], title: string): string {
  const height = PAD.top + SERIES.length * (PANEL + GAP) + PAD.bottom;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const maxSessions = Math.max(1, ...samples.map((s) => s.sessions));
  const x = (sessions: number): number => PAD.left + (sessions / maxSessions) * plotWidth;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="${PAD.left}" y="24" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
  ];
  SERIES.forEach((series, index) => {
    const top = PAD.top + index * (PANEL + GAP);
    const bottom = top + PANEL;
    const values = samples.map(series.value);
    // From zero to a little above the highest value: the eye reads the change's true size.
    const high = Math.max(1, ...values) * 1.1;
    const y = (value: number): number => bottom - (value / high) * PANEL;
    parts.push(
      `<line x1="${PAD.left}" y1="${bottom}" x2="${PAD.left + plotWidth}" y2="${bottom}" stroke="#94a3b8"/>`,
      `<line x1="${PAD.left}" y1="${top}" x2="${PAD.left}" y2="${bottom}" stroke="#94a3b8"/>`,
      `<text x="${PAD.left - 6}" y="${bottom}" text-anchor="end" fill="#64748b">0</text>`,
      `<text x="${PAD.left - 6}" y="${top + 10}" text-anchor="end" fill="#64748b">${escapeXml(series.format(high))}</text>`,
      `<text x="${PAD.left + plotWidth + 12}" y="${top + 36}" fill="${series.colour}" font-weight="bold">${series.label}</text>`,
    );
    if (values.length === 0) return;
    const points = samples.map(
      (s) => `${x(s.sessions).toFixed(1)},${y(series.value(s)).toFixed(1)}`,
    );
    parts.push(
      `<polyline fill="none" stroke="${series.colour}" stroke-width="2" points="${points.join(' ')}"/>`,
      `<text x="${PAD.left + plotWidth + 12}" y="${top + 54}" fill="${series.colour}">${escapeXml(`${series.format(values[0] ?? 0)} → ${series.format(values.at(-1) ?? 0)}`)}</text>`,
    );
  });
  const axis = PAD.top + SERIES.length * (PANEL + GAP) + 8;
  parts.push(
    `<text x="${PAD.left}" y="${axis}">0</text>`,
    `<text x="${PAD.left + plotWidth}" y="${axis}" text-anchor="end">${maxSessions} sessions</text>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}
