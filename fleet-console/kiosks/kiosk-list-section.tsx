import { memo, useId, useMemo, useState } from 'react';
import type { KioskState } from '../fleet/fleet-state';
import { createGroupNamer } from '../fleet/group-rollup';
import { createKioskLister, type ListOptions } from '../fleet/kiosk-list';
import { KioskTable } from './kiosk-table';
import { KioskToolbar } from './kiosk-toolbar';
import { ListCount } from './list-count';

interface KioskListSectionProps {
  kiosks: ReadonlyMap<string, KioskState>;
  options: ListOptions;
  onOptions: (options: ListOptions) => void;
  total: number;
  ignored: number;
  selectedId: string | null;
  onSelect: (kioskId: string) => void;
}

/** Search, filters, count and the virtualised table: the list's order is worked out here. */
export const KioskListSection = memo(function KioskListSection({
  kiosks,
  options,
  onOptions,
  total,
  ignored,
  selectedId,
  onSelect,
}: KioskListSectionProps) {
  const id = useId();
  const [listKiosks] = useState(createKioskLister);
  const [groupNamer] = useState(createGroupNamer);
  const rows = useMemo(() => listKiosks(kiosks, options), [listKiosks, kiosks, options]);
  // The same object while the set of names is the same: the filters draw again only then.
  const groups = useMemo(() => groupNamer(kiosks), [groupNamer, kiosks]);
  return (
    <section aria-labelledby={`${id}-list`} className="flex min-w-0 flex-col gap-4">
      <h2 id={`${id}-list`} className="sr-only">
        Kiosk list
      </h2>
      <KioskToolbar options={options} onChange={onOptions} groups={groups} />
      <ListCount shown={rows.length} total={total} />
      <KioskTable rows={rows} selectedId={selectedId} onSelect={onSelect} />
      {ignored > 0 && (
        <p className="text-sm text-muted">{ignored} malformed messages from kiosks were ignored.</p>
      )}
    </section>
  );
});
