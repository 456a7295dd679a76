import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { kiosksDrawGate, useFleetStore } from '../fleet/fleet-store';
import type { GroupKind } from '../fleet/group-rollup';
import { createSummariser, DEFAULT_LIST_OPTIONS, type ListOptions } from '../fleet/kiosk-list';
import { CommandPanel } from './command-panel';
import { ConfigPanel } from './config-panel';
import { FleetAlerts } from './fleet-alerts';
import { FleetGroups } from './fleet-groups';
import { FleetSummary } from './fleet-summary';
import { KioskDetails } from './kiosk-details';
import { KioskListSection } from './kiosk-list-section';

/**
 * The view re-renders with every frame that brings messages (with 1,000 kiosks, several a
 * second), so what it holds is memoised and gets stable props: the toolbar, count, panels
 * and summary draw again only when their own inputs change, and only changed rows redraw.
 *
 * The kiosks are a deferred value: the frame that folds a burst of messages in only commits
 * them, and the redraw they cause (list order, rollups, alerts over 10,000 kiosks) follows
 * in a render React may pause every few milliseconds, between the alerts, the groups and
 * the list, so a click or a key is never kept waiting behind it. An operator's own change
 * (a search, a sort, a filter) is drawn at once. The next kiosks map waits until this one
 * is drawn (fleet/draw-gate.ts), so that render is never started over.
 */
export function KiosksView({ onOpenConnection }: { onOpenConnection: () => void }) {
  const kiosks = useDeferredValue(useFleetStore((state) => state.fleet.kiosks));
  const idle = useFleetStore((state) => state.connection.phase === 'idle');
  const ignored = useFleetStore((state) => state.fleet.ignored);
  const [options, setOptions] = useState<ListOptions>(DEFAULT_LIST_OPTIONS);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [summariser] = useState(createSummariser);
  useEffect(() => kiosksDrawGate.watch(), []);
  useEffect(() => kiosksDrawGate.drawn(kiosks), [kiosks]);

  const summary = useMemo(() => summariser(kiosks), [summariser, kiosks]);
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
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <FleetAlerts kiosks={kiosks} onSelect={showKiosk} />
        <FleetGroups kiosks={kiosks} onPick={pickGroup} />
      </div>
      {/* The panels go beside the list only where the list keeps its full width (72rem). */}
      <div className="grid grid-cols-1 items-start gap-6 min-[105rem]:grid-cols-[minmax(0,1fr)_26rem]">
        <KioskListSection
          kiosks={kiosks}
          options={options}
          onOptions={setOptions}
          total={summary.total}
          ignored={ignored}
          selectedId={selected}
          onSelect={select}
        />
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2 min-[105rem]:grid-cols-1">
          {selected && <KioskDetails kioskId={selected} onClose={closeDetails} />}
          <CommandPanel selectedId={selected} online={summary.online} />
          <ConfigPanel />
        </div>
      </div>
    </div>
  );
}
