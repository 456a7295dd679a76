import { memo } from 'react';
import { formatCount } from '@web-shared/lib/count';
import type { FleetSummary as Summary } from '../../fleet/kiosk-list';

const ITEMS: { key: keyof Summary; label: string; tone: string }[] = [
  { key: 'total', label: 'Kiosks', tone: 'text-ink' },
  { key: 'online', label: 'Online', tone: 'text-emerald-800' },
  { key: 'offline', label: 'Offline', tone: 'text-sale-700' },
  { key: 'unknown', label: 'No status yet', tone: 'text-slate-700' },
];

/**
 * The fleet at a glance; each figure is a term and its value for screen readers. Its props
 * are the four counts, so it redraws only when one of them changes.
 */
export const FleetSummary = memo(function FleetSummary(summary: Summary) {
  return (
    <dl aria-label="Fleet summary" className="flex flex-wrap gap-3">
      {ITEMS.map((item) => (
        <div
          key={item.key}
          className="min-w-32 rounded-xl border border-slate-200 bg-white px-4 py-2"
        >
          <dt className="text-sm text-muted">{item.label}</dt>
          <dd className={`text-2xl font-bold tabular ${item.tone}`}>
            {formatCount(summary[item.key])}
          </dd>
        </div>
      ))}
    </dl>
  );
});
