import { memo } from 'react';
import { formatMegabytes } from '../../lib/format';

const WIDTH = 96;
const HEIGHT = 28;

/** Points of a line through the samples, scaled to fill the box (a flat line mid-height). */
export function sparklinePoints(
  samples: readonly number[],
  width = WIDTH,
  height = HEIGHT,
): string {
  if (samples.length === 0) return '';
  const low = Math.min(...samples);
  const high = Math.max(...samples);
  const span = high - low;
  const step = samples.length > 1 ? width / (samples.length - 1) : 0;
  return samples
    .map((value, index) => {
      const y = span === 0 ? height / 2 : height - 2 - ((value - low) / span) * (height - 4);
      return `${(index * step).toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** The memory trend of the last health messages, as a small line and its last value. */
export const MemorySparkline = memo(function MemorySparkline({
  samples,
}: {
  samples: readonly number[];
}) {
  const last = samples.at(-1);
  if (last === undefined) return <span className="text-muted">—</span>;
  const first = samples[0] ?? last;
  const label =
    samples.length > 1
      ? `Memory ${formatMegabytes(last)}, from ${formatMegabytes(first)} over the last ${samples.length} reports`
      : `Memory ${formatMegabytes(last)}`;
  return (
    <span className="flex items-center gap-2">
      <svg
        role="img"
        aria-label={label}
        width={WIDTH}
        height={HEIGHT}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="shrink-0 overflow-visible"
      >
        <polyline
          points={sparklinePoints(samples)}
          fill="none"
          stroke="var(--color-brand-600)"
          strokeWidth="2"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <span aria-hidden="true" className="whitespace-nowrap">
        {formatMegabytes(last)}
      </span>
    </span>
  );
});
