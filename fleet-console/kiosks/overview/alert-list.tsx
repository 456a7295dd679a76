import { memo, useId } from 'react';
import { ALERT_LABELS, type FleetAlert } from '../../fleet/alerts';
import type { AlertMarks } from '../../fleet/alert-marks';
import { formatClock } from '../../lib/format';

interface AlertListProps {
  alerts: readonly FleetAlert[];
  marks: AlertMarks;
  onAcknowledge: (key: string) => void;
  onClear: (key: string) => void;
  onSelect: (kioskId: string) => void;
}

/** At most this many alerts are drawn; the count says how many there are. */
export const SHOWN_ALERTS = 100;

/**
 * The kiosks' alerts at a glance: new ones loud, acknowledged ones quiet, cleared ones gone
 * (until their condition ends and comes back). Each alert clears by itself when its
 * condition ends. A polite live region says how many new alerts there are.
 */
export const AlertList = memo(function AlertList({
  alerts,
  marks,
  onAcknowledge,
  onClear,
  onSelect,
}: AlertListProps) {
  const id = useId();
  const shown = alerts.filter((alert) => !marks.cleared.has(alert.key));
  const fresh = shown.filter((alert) => !marks.acknowledged.has(alert.key));
  const ordered = [...fresh, ...shown.filter((alert) => marks.acknowledged.has(alert.key))];
  return (
    <section aria-labelledby={`${id}-title`} className="card flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          Alerts
        </h2>
        <p role="status" className="text-sm text-muted">
          {fresh.length === 0
            ? shown.length === 0
              ? 'No alerts.'
              : `${shown.length} acknowledged.`
            : `${fresh.length} new, ${shown.length - fresh.length} acknowledged.`}
        </p>
      </div>
      {ordered.length > 0 && (
        <ul className="relative flex max-h-[24rem] flex-col gap-2 overflow-auto">
          {ordered.slice(0, SHOWN_ALERTS).map((alert) => {
            const acknowledged = marks.acknowledged.has(alert.key);
            return (
              <li
                key={alert.key}
                className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-1.5 ${
                  acknowledged
                    ? 'border-slate-200 bg-slate-50 text-muted'
                    : 'border-sale-700/40 bg-sale-50'
                }`}
              >
                <span className={`font-semibold ${acknowledged ? '' : 'text-sale-700'}`}>
                  {ALERT_LABELS[alert.kind]}
                  {acknowledged && <span className="font-normal"> (acknowledged)</span>}
                </span>
                <button
                  type="button"
                  className="btn-ghost -mx-2 px-2 font-mono text-sm"
                  onClick={() => onSelect(alert.kioskId)}
                >
                  {alert.kioskId}
                </button>
                <span className="min-w-40 flex-1 text-sm">
                  {alert.text}
                  {alert.since !== null && ` (since ${formatClock(alert.since)})`}
                </span>
                <span className="ml-auto flex gap-2">
                  {!acknowledged && (
                    <button
                      type="button"
                      className="btn-secondary"
                      onClick={() => onAcknowledge(alert.key)}
                    >
                      Acknowledge
                      <span className="sr-only">
                        {' '}
                        {ALERT_LABELS[alert.kind]} on {alert.kioskId}
                      </span>
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() => onClear(alert.key)}
                  >
                    Clear
                    <span className="sr-only">
                      {' '}
                      {ALERT_LABELS[alert.kind]} on {alert.kioskId}
                    </span>
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {ordered.length > SHOWN_ALERTS && (
        <p className="text-sm text-muted">
          The first {SHOWN_ALERTS} of {ordered.length} are shown; filter the kiosk list to see the
          rest.
        </p>
      )}
    </section>
  );
});
