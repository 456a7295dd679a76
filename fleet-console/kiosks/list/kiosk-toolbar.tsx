import { memo, useCallback, useId, useMemo, type Dispatch, type SetStateAction } from 'react';
import { SHOW_LABELS, SORT_LABELS, type ListOptions } from '../../fleet/kiosk-list';

interface KioskToolbarProps {
  options: ListOptions;
  /** The list's options' setter: each choice changes its own field of the latest options. */
  onChange: Dispatch<SetStateAction<ListOptions>>;
  /** The regions and stores the kiosks name, for the group filters. */
  groups: { regions: readonly string[]; stores: readonly string[] };
}

const entries = <K extends string>(labels: Record<K, string>) =>
  Object.entries(labels) as [K, string][];

interface ToolbarSelectProps<V extends string> {
  label: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
}

/** One of the toolbar's choices: its label above a select of values and their names. */
function ToolbarSelectOf<V extends string>({
  label,
  value,
  options,
  onChange,
}: ToolbarSelectProps<V>) {
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

/**
 * Drawn again only when its own value or choices change: the store filter lists every
 * store, and each letter typed in the search would otherwise go over all of them.
 */
const ToolbarSelect = memo(ToolbarSelectOf) as typeof ToolbarSelectOf;

const SHOW_CHOICES = entries(SHOW_LABELS);
const SORT_CHOICES = entries(SORT_LABELS);

/** Search, filter and order of the kiosk list. */
export const KioskToolbar = memo(function KioskToolbar({
  options,
  onChange,
  groups,
}: KioskToolbarProps) {
  const id = useId();
  const set = useCallback(
    (change: Partial<ListOptions>) => onChange((current) => ({ ...current, ...change })),
    [onChange],
  );
  const regionChoices = useMemo(
    () => [
      ['', 'Every region'] as const,
      ...groups.regions.map((region) => [region, region] as const),
    ],
    [groups.regions],
  );
  const storeChoices = useMemo(
    () => [['', 'Every store'] as const, ...groups.stores.map((store) => [store, store] as const)],
    [groups.stores],
  );
  const onShow = useCallback((show: ListOptions['show']) => set({ show }), [set]);
  const onRegion = useCallback((region: string) => set({ region }), [set]);
  const onStore = useCallback((store: string) => set({ store }), [set]);
  const onSort = useCallback((sort: ListOptions['sort']) => set({ sort }), [set]);
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
      <ToolbarSelect label="Show" value={options.show} options={SHOW_CHOICES} onChange={onShow} />
      <ToolbarSelect
        label="Region"
        value={options.region ?? ''}
        options={regionChoices}
        onChange={onRegion}
      />
      <ToolbarSelect
        label="Store"
        value={options.store ?? ''}
        options={storeChoices}
        onChange={onStore}
      />
      <ToolbarSelect
        label="Sort by"
        value={options.sort}
        options={SORT_CHOICES}
        onChange={onSort}
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
