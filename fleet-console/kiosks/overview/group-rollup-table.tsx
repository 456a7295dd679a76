import { memo, useId } from 'react';
import { formatCount } from '@web-shared/lib/count';
import type { GroupKind, GroupRollup } from '../../fleet/group-rollup';

interface GroupRollupTableProps {
  rows: readonly GroupRollup[];
  kind: GroupKind;
  onKind: (kind: GroupKind) => void;
  /** Shows one group's kiosks in the list below. */
  onPick: (kind: GroupKind, group: string) => void;
}

const KINDS: { kind: GroupKind; label: string }[] = [
  { kind: 'region', label: 'By region' },
  { kind: 'store', label: 'By store' },
];

/** At most this many version entries are named per group; the rest are counted together. */
const NAMED_VERSIONS = 3;

function versionMix(versions: GroupRollup['versions']): string {
  if (versions.length === 0) return '—';
  const named = versions.slice(0, NAMED_VERSIONS).map((v) => `${v.version} × ${v.count}`);
  const rest = versions.slice(NAMED_VERSIONS).reduce((sum, v) => sum + v.count, 0);
  return rest > 0 ? `${named.join(', ')}, other × ${rest}` : named.join(', ');
}

const Count = ({ value, tone }: { value: number; tone?: string }) => (
  <td className={`px-3 py-1.5 text-right tabular ${value > 0 && tone ? tone : ''}`}>
    {formatCount(value)}
  </td>
);

/**
 * The fleet per region or per store. Its rows come memoised from the fleet state, so it
 * redraws only when a frame changed a kiosk; there is one row per group, not per kiosk.
 */
export const GroupRollupTable = memo(function GroupRollupTable({
  rows,
  kind,
  onKind,
  onPick,
}: GroupRollupTableProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="card flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          Groups
        </h2>
        <div role="group" aria-label="Count kiosks" className="flex gap-2">
          {KINDS.map((entry) => (
            <button
              key={entry.kind}
              type="button"
              className={entry.kind === kind ? 'btn-primary' : 'btn-secondary'}
              aria-pressed={entry.kind === kind}
              onClick={() => onKind(entry.kind)}
            >
              {entry.label}
            </button>
          ))}
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="text-muted">No kiosk has reported yet.</p>
      ) : (
        <div className="max-h-[24rem] overflow-auto">
          <table className="w-full min-w-[44rem] border-collapse text-left text-[0.9375rem]">
            <caption className="sr-only">
              Kiosks per {kind}: online, offline, asleep, out of paper, stale catalogue and versions
            </caption>
            <thead className="sticky top-0 bg-slate-50 text-sm text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {kind === 'region' ? 'Region' : 'Store'}
                </th>
                {['Kiosks', 'Online', 'Offline', 'Asleep', 'Out of paper', 'Stale catalogue'].map(
                  (name) => (
                    <th key={name} scope="col" className="px-3 py-2 text-right font-semibold">
                      {name}
                    </th>
                  ),
                )}
                <th scope="col" className="px-3 py-2 font-semibold">
                  Versions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.group}>
                  <th scope="row" className="px-3 py-1 text-left font-normal">
                    <button
                      type="button"
                      className="btn-ghost -mx-2 px-2 font-mono text-sm whitespace-nowrap"
                      aria-label={`${row.group}: show its kiosks`}
                      onClick={() => onPick(kind, row.group)}
                    >
                      {row.group}
                    </button>
                    {row.regions.length > 0 && (
                      <span className="block text-sm text-muted">{row.regions.join(', ')}</span>
                    )}
                  </th>
                  <Count value={row.total} />
                  <Count value={row.online} />
                  <Count value={row.offline} tone="font-semibold text-sale-700" />
                  <Count value={row.asleep} />
                  <Count value={row.outOfPaper} tone="font-semibold text-sale-700" />
                  <Count value={row.staleCatalogue} tone="font-semibold text-sale-700" />
                  <td className="px-3 py-1.5 text-sm">{versionMix(row.versions)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
});
