import { memo } from 'react';
import type { KioskState } from '../../fleet/fleet-state';
import { formatMinutes } from '../../lib/format';
import { MemorySparkline } from './memory-sparkline';
import { PresenceBadge } from './presence-badge';

const SCREEN = { attract: 'Attract', shopping: 'Shopping', receipt: 'Receipt' } as const;

const Dash = () => <span className="text-muted">—</span>;

/**
 * Every row is this tall, whatever it holds (the kiosk button's 44 px and its store line,
 * padding included): the table then places rows by arithmetic, without measuring them, so
 * long texts are cut to their line(s) rather than growing the row.
 */
export const ROW_HEIGHT_PX = 72;

interface KioskRowProps {
  kiosk: KioskState;
  /** Its place in the whole filtered list, from 0 (the header is aria-rowindex 1). */
  index: number;
  selected: boolean;
  onSelect: (id: string) => void;
}

/** One kiosk; re-drawn only when its own state object changes. */
export const KioskRow = memo(function KioskRow({
  kiosk,
  index,
  selected,
  onSelect,
}: KioskRowProps) {
  const health = kiosk.health;
  const catalogue = health?.catalogue ?? null;
  return (
    <tr
      aria-rowindex={index + 2}
      data-index={index}
      data-kiosk={kiosk.id}
      style={{ height: ROW_HEIGHT_PX }}
      className={`shadow-[inset_0_-1px_0_var(--color-slate-100)] ${selected ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
    >
      <th scope="row" className="px-3 py-1 text-left font-normal">
        <button
          type="button"
          className="btn-ghost -mx-2 max-w-full min-w-0 justify-start px-2 text-left font-mono text-sm"
          aria-pressed={selected}
          title={kiosk.id}
          onClick={() => onSelect(kiosk.id)}
        >
          <span className="truncate">{kiosk.id}</span>
        </button>
        {(kiosk.store !== null || kiosk.region !== null) && (
          <span className="block truncate text-sm text-muted">
            {[kiosk.store, kiosk.region].filter(Boolean).join(' · ')}
          </span>
        )}
      </th>
      <td className="px-3 py-1">
        <PresenceBadge kiosk={kiosk} />
      </td>
      <td className="truncate px-3 py-1">{kiosk.version ?? <Dash />}</td>
      <td className="px-3 py-1">{health?.screen ? SCREEN[health.screen] : <Dash />}</td>
      <td className="px-3 py-1">
        <MemorySparkline samples={kiosk.memoryTrend} />
      </td>
      <td className="px-3 py-1">
        {health?.printerAvailable === true ? (
          'Ready'
        ) : health?.printerAvailable === false ? (
          <span className="font-semibold text-sale-700">Unavailable</span>
        ) : (
          <Dash />
        )}
      </td>
      <td className="px-3 py-1 whitespace-nowrap">
        {catalogue?.ageMinutes != null ? formatMinutes(catalogue.ageMinutes) : <Dash />}
        {catalogue && (
          <span className="block truncate text-sm text-muted" title={catalogue.source}>
            {catalogue.source}
          </span>
        )}
      </td>
      <td className="px-3 py-1">
        {health?.lastError ? (
          <span className="line-clamp-2 text-sm break-words text-sale-700" title={health.lastError}>
            {health.lastError}
          </span>
        ) : (
          <span className="text-muted">None</span>
        )}
      </td>
    </tr>
  );
});
