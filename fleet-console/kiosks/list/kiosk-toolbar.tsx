import { memo, useId } from 'react';
import { SHOW_LABELS, SORT_LABELS, type ListOptions } from '../../fleet/kiosk-list';

interface KioskToolbarProps {
  options: ListOptions;
  onChange: (options: ListOptions) => void;
  /** The regions and stores the kiosks name, for the group filters. */
  groups: { regions: readonly string[]; stores: readonly string[] };
}

const entries = <K extends string>(labels: Record<K, string>) =>
  Object.entries(labels) as [K, string][];

/** One of the toolbar's choices: its label above a select of values and their names. */
function ToolbarSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        className="field"
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
      >
        {options.map(([option, name]) => (
          <option key={option} value={option}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

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
      <ToolbarSelect
        label="Show"
        value={options.show}
        options={entries(SHOW_LABELS)}
        onChange={(show) => set({ show })}
      />
      <ToolbarSelect
        label="Region"
        value={options.region ?? ''}
        options={[
          ['', 'Every region'],
          ...groups.regions.map((region) => [region, region] as const),
        ]}
        onChange={(region) => set({ region })}
      />
      <ToolbarSelect
        label="Store"
        value={options.store ?? ''}
        options={[['', 'Every store'], ...groups.stores.map((store) => [store, store] as const)]}
        onChange={(store) => set({ store })}
      />
      <ToolbarSelect
        label="Sort by"
        value={options.sort}
        options={entries(SORT_LABELS)}
        onChange={(sort) => set({ sort })}
      />
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
