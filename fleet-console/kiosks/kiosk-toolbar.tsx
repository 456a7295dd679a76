import { memo, useId } from 'react';
import {
  SHOW_LABELS,
  SORT_LABELS,
  type ListOptions,
  type Show,
  type SortKey,
} from '../fleet/kiosk-list';

interface KioskToolbarProps {
  options: ListOptions;
  onChange: (options: ListOptions) => void;
  /** The regions and stores the kiosks name, for the group filters. */
  groups: { regions: readonly string[]; stores: readonly string[] };
}

const entries = <K extends string>(labels: Record<K, string>) =>
  Object.entries(labels) as [K, string][];

/** Search, filter and order of the kiosk list. */
export const KioskToolbar = memo(function KioskToolbar({
  options,
  onChange,
  groups,
}: KioskToolbarProps) {
  const id = useId();
  const set = (change: Partial<ListOptions>) => onChange({ ...options, ...change });
  return (
    <div
      role="search"
      aria-label="Find kiosks"
      className="flex flex-wrap items-end gap-x-4 gap-y-3"
    >
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor={`${id}-query`} className="text-sm font-semibold">
          Search
        </label>
        <input
          id={`${id}-query`}
          type="search"
          className="field"
          placeholder="Kiosk id, version or error"
          value={options.query}
          onChange={(event) => set({ query: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-show`} className="text-sm font-semibold">
          Show
        </label>
        <select
          id={`${id}-show`}
          className="field"
          value={options.show}
          onChange={(event) => set({ show: event.target.value as Show })}
        >
          {entries(SHOW_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-region`} className="text-sm font-semibold">
          Region
        </label>
        <select
          id={`${id}-region`}
          className="field"
          value={options.region ?? ''}
          onChange={(event) => set({ region: event.target.value })}
        >
          <option value="">Every region</option>
          {groups.regions.map((region) => (
            <option key={region} value={region}>
              {region}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-store`} className="text-sm font-semibold">
          Store
        </label>
        <select
          id={`${id}-store`}
          className="field"
          value={options.store ?? ''}
          onChange={(event) => set({ store: event.target.value })}
        >
          <option value="">Every store</option>
          {groups.stores.map((store) => (
            <option key={store} value={store}>
              {store}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-sort`} className="text-sm font-semibold">
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          className="field"
          value={options.sort}
          onChange={(event) => set({ sort: event.target.value as SortKey })}
        >
          {entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <label className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={options.offlineFirst}
          onChange={(event) => set({ offlineFirst: event.target.checked })}
        />
        Offline first
      </label>
    </div>
  );
});
