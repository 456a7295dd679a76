import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { createAlertList } from '../fleet/alerts';
import { acknowledge, clear, NO_MARKS, pruneMarks } from '../fleet/alert-marks';
import type { KioskState } from '../fleet/fleet-state';
import { AlertList } from './alert-list';

/** How often the alerts look at the clock (offline for more than five minutes). */
export const ALERT_CLOCK_MS = 30_000;

/** The time, moving on every ALERT_CLOCK_MS: a coarse clock the alert memo can key on. */
function useCoarseNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ALERT_CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The fleet's alerts and the operator's marks on them. A component of its own, so a large
 * fleet's redraw can stop between the alerts, the groups and the list and let the page
 * answer an input in between.
 */
export const FleetAlerts = memo(function FleetAlerts({
  kiosks,
  onSelect,
}: {
  kiosks: ReadonlyMap<string, KioskState>;
  onSelect: (kioskId: string) => void;
}) {
  const [alertList] = useState(createAlertList);
  const [marks, setMarks] = useState(NO_MARKS);
  const now = useCoarseNow();
  const alerts = useMemo(() => alertList(kiosks, now), [alertList, kiosks, now]);
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
  return (
    <AlertList
      alerts={alerts}
      marks={liveMarks}
      onAcknowledge={onAcknowledge}
      onClear={onClear}
      onSelect={onSelect}
    />
  );
});
