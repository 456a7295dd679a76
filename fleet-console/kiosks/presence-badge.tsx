import type { KioskState } from '../fleet/fleet-state';
import { formatClock } from '../lib/format';

const BADGE = {
  online: { text: 'Online', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-700/30' },
  offline: { text: 'Offline', tone: 'bg-sale-50 text-sale-700 ring-sale-700/30' },
  unknown: { text: 'No status', tone: 'bg-slate-100 text-slate-700 ring-slate-500/30' },
} as const;

/** "since …" for a kiosk's presence, in words. */
export function presenceSince(kiosk: KioskState): string {
  if (kiosk.since !== null) return `since ${formatClock(kiosk.since)}`;
  if (kiosk.presence === 'offline') {
    return kiosk.lastSeen !== null
      ? `last seen ${formatClock(kiosk.lastSeen)}`
      : 'before this console';
  }
  return '';
}

export function PresenceBadge({ kiosk }: { kiosk: KioskState }) {
  const badge = BADGE[kiosk.presence];
  const since = presenceSince(kiosk);
  return (
    <span className="flex flex-col items-start gap-0.5">
      <span
        className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ${badge.tone}`}
      >
        {badge.text}
      </span>
      {since && <span className="text-sm whitespace-nowrap text-muted">{since}</span>}
    </span>
  );
}
