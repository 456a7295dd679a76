/**
 * The soak's chart as a hand-made SVG (no chart library): heap, DOM nodes and event
 * listeners over sessions, each line scaled to its own range so all three read on one
 * chart, with its first and last values written beside it.
 */
import type { SoakSample } from './soak-budgets';

const WIDTH = 760;
const HEIGHT = 360;
const PAD = { left: 60, right: 190, top: 40, bottom: 44 };

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
  { label: 'DOM nodes', colour: '#059669', value: (s) => s.nodes, format: String },
  { label: 'listeners', colour: '#d97706', value: (s) => s.listeners, format: String },
];

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function soakChartSvg(samples: readonly SoakSample[], title: string): string {
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const maxSessions = Math.max(1, ...samples.map((s) => s.sessions));
  const x = (sessions: number): number => PAD.left + (sessions / maxSessions) * plotWidth;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${PAD.left}" y="24" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    `<line x1="${PAD.left}" y1="${PAD.top + plotHeight}" x2="${PAD.left + plotWidth}" y2="${PAD.top + plotHeight}" stroke="#64748b"/>`,
    `<text x="${PAD.left}" y="${HEIGHT - 12}">0</text>`,
    `<text x="${PAD.left + plotWidth}" y="${HEIGHT - 12}" text-anchor="end">${maxSessions} sessions</text>`,
  ];
  SERIES.forEach((series, index) => {
    const values = samples.map(series.value);
    if (values.length === 0) return;
    const low = Math.min(...values);
    const high = Math.max(...values);
    // A flat line sits mid-height; else each series fills the plot's height.
    const span = high - low;
    const y = (value: number): number =>
      PAD.top + plotHeight - (span === 0 ? 0.5 : (value - low) / span) * plotHeight;
    const points = samples.map(
      (s) => `${x(s.sessions).toFixed(1)},${y(series.value(s)).toFixed(1)}`,
    );
    parts.push(
      `<polyline fill="none" stroke="${series.colour}" stroke-width="2" points="${points.join(' ')}"/>`,
    );
    const first = values[0] ?? 0;
    const last = values.at(-1) ?? 0;
    parts.push(
      `<text x="${PAD.left + plotWidth + 12}" y="${PAD.top + 20 + index * 48}" fill="${series.colour}" font-weight="bold">${series.label}</text>`,
      `<text x="${PAD.left + plotWidth + 12}" y="${PAD.top + 36 + index * 48}" fill="${series.colour}">${escapeXml(`${series.format(first)} → ${series.format(last)}`)}</text>`,
    );
  });
  parts.push(
    `<text x="${PAD.left + plotWidth + 12}" y="${PAD.top + 170}" fill="#475569">each line on its own scale</text>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}
