import { memo, useMemo, useState } from 'react';
import type { KioskState } from '../fleet/fleet-state';
import { createGroupRollup, type GroupKind } from '../fleet/group-rollup';
import { GroupRollupTable } from './group-rollup-table';

/** The fleet counted by region or by store; a component of its own, as the alerts are. */
export const FleetGroups = memo(function FleetGroups({
  kiosks,
  onPick,
}: {
  kiosks: ReadonlyMap<string, KioskState>;
  onPick: (kind: GroupKind, group: string) => void;
}) {
  const [rollup] = useState(createGroupRollup);
  const [kind, setKind] = useState<GroupKind>('region');
  const rows = useMemo(() => rollup(kiosks, kind), [rollup, kiosks, kind]);
  return <GroupRollupTable rows={rows} kind={kind} onKind={setKind} onPick={onPick} />;
});
