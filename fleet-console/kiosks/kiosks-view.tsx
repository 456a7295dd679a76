import { useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { formatCount } from '@web-shared/lib/count';
import { useBrokerSession, useConnectionStore } from '../connection/connection-store';
import { acknowledge, clear, NO_MARKS, pruneMarks } from '../fleet/alert-marks';
import { askFleetView } from '../fleet/fleet-session';
import { useFleetStore } from '../fleet/fleet-store';
import type { GroupKind } from '../fleet/group-rollup';
import { DEFAULT_LIST_OPTIONS, type ListOptions } from '../fleet/kiosk-list';
import { createKioskLister } from '../fleet/kiosk-lister';
import { AlertList } from './overview/alert-list';
import { CommandPanel } from './commands/command-panel';
import { ConfigPanel } from './config/config-panel';
import { FleetSummary } from './overview/fleet-summary';
import { GroupRollupTable } from './overview/group-rollup-table';
import { KioskDetails } from './details/kiosk-details';
import { KioskTable } from './list/kiosk-table';
import { KioskToolbar } from './list/kiosk-toolbar';
import { ListCount } from './list/list-count';

/** How many messages the console did not take in, and why: none of them is a silent loss. */
function DroppedNote({
  ignored,
  overLimit,
  limit,
  unkept,
}: {
  ignored: number;
  overLimit: number;
  limit: number;
  unkept: number;
}) {
  if (ignored === 0 && overLimit === 0 && unkept === 0) return null;
  return (
    <ul className="text-sm text-muted">
      {ignored > 0 && <li>{formatCount(ignored)} malformed messages from kiosks were ignored.</li>}
      {overLimit > 0 && (
        <li>
          {formatCount(overLimit)} messages from kiosks past the {formatCount(limit)} this console
          keeps were dropped (enrolled kiosks are kept first).
        </li>
      )}
      {unkept > 0 && (
        <li>{formatCount(unkept)} messages came faster than this page could take them.</li>
      )}
    </ul>
  );
}

/**
 * The view re-renders with every post of the broker worker (with 1,000 kiosks, several a
 * second), so what it holds is memoised and gets stable props: the toolbar, count, panels
 * and summary draw again only when their own inputs change, and only changed rows redraw.
 * The worker works out what needs the whole fleet (summary, rollups, alerts, the filters'
 * names); the list's order is worked out here, in the input's own task, so a search is
 * painted in the frame of the key that asked for it.
 *
 * The worker's posts are drawn as deferred values: the store takes a post in the task that
 * read it, and React then draws the new kiosks and figures a few milliseconds at a time,
 * yielding between, instead of in that task (a fleet arriving is a post every frame, and
 * each one drawn at once made tasks of 50–80 ms on a two-core machine). A search, sort or
 * filter is still drawn at once, over the kiosks last drawn.
 */
export function KiosksView({ onOpenConnection }: { onOpenConnection: () => void }) {
  const kiosks = useDeferredValue(useFleetStore((state) => state.kiosks));
  const view = useDeferredValue(useFleetStore((state) => state.view));
  const session = useBrokerSession();
  const idle = useConnectionStore((state) => state.connection.phase === 'idle');
  const ignored = useFleetStore((state) => state.fleet.ignored) + view.ignored;
  const unkept = useFleetStore((state) => state.dropped);
  const [options, setOptions] = useState<ListOptions>(DEFAULT_LIST_OPTIONS);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [listKiosks] = useState(createKioskLister);
  const [groupKind, setGroupKind] = useState<GroupKind>('region');
  const [marks, setMarks] = useState(NO_MARKS);
  const id = useId();

  // The rollups are counted by the worker: it is told by what (a new session starts afresh).
  useEffect(() => {
    if (session) askFleetView(session, { groupKind });
  }, [session, groupKind]);

  const rows = useMemo(() => listKiosks(kiosks, options), [listKiosks, kiosks, options]);
  // Each the same object while unchanged: the worker sends only what changed.
  const { summary, groupRows, alerts, groups } = view;
  // Marks of alerts that cleared by themselves are dropped (each click keeps only live ones).
  const liveMarks = useMemo(() => pruneMarks(marks, alerts), [marks, alerts]);
  const onAcknowledge = useCallback(
    (key: string) => setMarks((current) => acknowledge(pruneMarks(current, alerts), key)),
    [alerts],
  );
  const onClear = useCallback(
    (key: string) => setMarks((current) => clear(pruneMarks(current, alerts), key)),
    [alerts],
  );
  const select = useCallback((kioskId: string) => {
    setSelectedId((current) => (current === kioskId ? null : kioskId));
  }, []);
  const selected = selectedId !== null && kiosks.has(selectedId) ? selectedId : null;
  const closeDetails = useCallback(() => setSelectedId(null), []);
  const showKiosk = useCallback((kioskId: string) => setSelectedId(kioskId), []);
  const pickGroup = useCallback((kind: GroupKind, group: string) => {
    setOptions((current) => ({ ...current, region: '', store: '', [kind]: group }));
  }, []);

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
      {/* One column of minmax(0, 1fr) on a phone: a wide table scrolls in its card, not the page. */}
      <div className="grid grid-cols-1 items-start gap-6 min-[105rem]:grid-cols-2">
        <AlertList
          alerts={alerts}
          marks={liveMarks}
          onAcknowledge={onAcknowledge}
          onClear={onClear}
          onSelect={showKiosk}
        />
        <GroupRollupTable
          rows={groupRows}
          kind={groupKind}
          onKind={setGroupKind}
          onPick={pickGroup}
        />
      </div>
      {/* The panels go beside the list only where the list keeps its full width (72rem). */}
      <div className="grid grid-cols-1 items-start gap-6 min-[105rem]:grid-cols-[minmax(0,1fr)_26rem]">
        <section aria-labelledby={`${id}-list`} className="flex min-w-0 flex-col gap-4">
          <h2 id={`${id}-list`} className="sr-only">
            Kiosk list
          </h2>
          <KioskToolbar options={options} onChange={setOptions} groups={groups} />
          <ListCount shown={rows.length} total={summary.total} />
          <KioskTable rows={rows} selectedId={selected} onSelect={select} />
          <DroppedNote
            ignored={ignored}
            overLimit={view.overLimit}
            limit={view.limit}
            unkept={unkept}
          />
        </section>
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2 min-[105rem]:grid-cols-1">
          {selected && <KioskDetails kioskId={selected} onClose={closeDetails} />}
          <CommandPanel selectedId={selected} online={summary.online} />
          <ConfigPanel />
        </div>
      </div>
    </div>
  );
}
