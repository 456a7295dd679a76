import { memo } from 'react';
import type { KioskState } from '../fleet/fleet-state';
import { formatMinutes } from '../lib/format';
import { MemorySparkline } from './memory-sparkline';
import { PresenceBadge } from './presence-badge';

const SCREEN = { attract: 'Attract', shopping: 'Shopping', receipt: 'Receipt' } as const;

const Dash = () => <span className="text-muted">—</span>;

interface KioskRowProps {
  kiosk: KioskState;
  /** Its place in the whole filtered list, header row included (aria-rowindex). */
  rowIndex: number;
  selected: boolean;
  onSelect: (id: string) => void;
}

/** One kiosk; re-drawn only when its own state object changes. */
export const KioskRow = memo(function KioskRow({
  kiosk,
  rowIndex,
  selected,
  onSelect,
}: KioskRowProps) {
  const health = kiosk.health;
  const catalogue = health?.catalogue ?? null;
  return (
    <tr aria-rowindex={rowIndex} className={selected ? 'bg-brand-50' : 'hover:bg-slate-50'}>
      <th scope="row" className="px-3 py-1.5 text-left font-normal">
        <button
          type="button"
          className="btn-ghost -mx-2 max-w-full min-w-0 justify-start px-2 text-left font-mono text-sm break-all"
          aria-pressed={selected}
          onClick={() => onSelect(kiosk.id)}
        >
          {kiosk.id}
        </button>
        {(kiosk.store !== null || kiosk.region !== null) && (
          <span className="block truncate text-sm text-muted">
            {[kiosk.store, kiosk.region].filter(Boolean).join(' · ')}
          </span>
        )}
      </th>
      <td className="px-3 py-1.5">
        <PresenceBadge kiosk={kiosk} />
      </td>
      <td className="px-3 py-1.5 whitespace-nowrap">{kiosk.version ?? <Dash />}</td>
      <td className="px-3 py-1.5">{health?.screen ? SCREEN[health.screen] : <Dash />}</td>
      <td className="px-3 py-1.5">
        <MemorySparkline samples={kiosk.memoryTrend} />
      </td>
      <td className="px-3 py-1.5">
        {health?.printerAvailable === true ? (
          'Ready'
        ) : health?.printerAvailable === false ? (
          <span className="font-semibold text-sale-700">Unavailable</span>
        ) : (
          <Dash />
        )}
      </td>
      <td className="px-3 py-1.5 whitespace-nowrap">
        {catalogue?.ageMinutes != null ? formatMinutes(catalogue.ageMinutes) : <Dash />}
        {catalogue && (
          <span className="block truncate text-sm text-muted" title={catalogue.source}>
            {catalogue.source}
          </span>
        )}
      </td>
      <td className="px-3 py-1.5">
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
