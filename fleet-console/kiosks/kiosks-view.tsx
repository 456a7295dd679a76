import { useCallback, useId, useMemo, useState } from 'react';
import { useFleetStore } from '../fleet/fleet-store';
import {
  createKioskLister,
  DEFAULT_LIST_OPTIONS,
  summarise,
  type ListOptions,
} from '../fleet/kiosk-list';
import { CommandPanel } from './command-panel';
import { ConfigPanel } from './config-panel';
import { FleetSummary } from './fleet-summary';
import { KioskDetails } from './kiosk-details';
import { KioskTable } from './kiosk-table';
import { KioskToolbar } from './kiosk-toolbar';
import { Pager, pageCount } from './pager';

/** Rows drawn at once: the list is paged, so 1,000 kiosks cost 50 rows of DOM. */
export const PAGE_SIZE = 50;

/**
 * The view re-renders with every frame that brings messages (with 1,000 kiosks, several a
 * second), so what it holds is memoised and gets stable props: the toolbar, pager, panels
 * and summary draw again only when their own inputs change, and only changed rows redraw.
 */
export function KiosksView({ onOpenConnection }: { onOpenConnection: () => void }) {
  const kiosks = useFleetStore((state) => state.fleet.kiosks);
  const idle = useFleetStore((state) => state.connection.phase === 'idle');
  const ignored = useFleetStore((state) => state.fleet.ignored);
  const [options, setOptions] = useState<ListOptions>(DEFAULT_LIST_OPTIONS);
  const [page, setPage] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [listKiosks] = useState(createKioskLister);
  const id = useId();

  const rows = useMemo(() => listKiosks(kiosks, options), [listKiosks, kiosks, options]);
  const summary = useMemo(() => summarise(kiosks.values()), [kiosks]);
  const shownPage = Math.min(page, pageCount(rows.length, PAGE_SIZE) - 1);
  const pageRows = rows.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE);
  const select = useCallback((kioskId: string) => {
    setSelectedId((current) => (current === kioskId ? null : kioskId));
  }, []);
  const selected = selectedId !== null && kiosks.has(selectedId) ? selectedId : null;
  const changeOptions = useCallback((next: ListOptions) => {
    setOptions(next);
    setPage(0);
  }, []);
  const closeDetails = useCallback(() => setSelectedId(null), []);

  return (
    <div className="mx-auto flex max-w-[1840px] flex-col gap-6 px-4 py-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-[1.75rem] font-bold">Kiosks</h1>
        <FleetSummary {...summary} />
      </div>
      {idle && (
        <div className="card flex flex-wrap items-center justify-between gap-3 p-5">
          <p>The console is not connected to a broker yet.</p>
          <button type="button" className="btn-primary" onClick={onOpenConnection}>
            Connect to a broker
          </button>
        </div>
      )}
      {/* The panels go beside the list only where the list keeps its full width (72rem). */}
      <div className="grid items-start gap-6 min-[105rem]:grid-cols-[minmax(0,1fr)_26rem]">
        <section aria-labelledby={`${id}-list`} className="flex min-w-0 flex-col gap-4">
          <h2 id={`${id}-list`} className="sr-only">
            Kiosk list
          </h2>
          <KioskToolbar options={options} onChange={changeOptions} />
          <KioskTable
            rows={pageRows}
            firstIndex={shownPage * PAGE_SIZE}
            total={rows.length}
            selectedId={selected}
            onSelect={select}
          />
          <Pager page={shownPage} pageSize={PAGE_SIZE} total={rows.length} onPage={setPage} />
          {ignored > 0 && (
            <p className="text-sm text-muted">
              {ignored} malformed messages from kiosks were ignored.
            </p>
          )}
        </section>
        <div className="grid items-start gap-6 lg:grid-cols-2 min-[105rem]:grid-cols-1">
          {selected && <KioskDetails kioskId={selected} onClose={closeDetails} />}
          <CommandPanel selectedId={selected} online={summary.online} />
          <ConfigPanel />
        </div>
      </div>
    </div>
  );
}
