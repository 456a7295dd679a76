import type { KioskState } from '../../fleet/fleet-state';
import { formatClock } from '../../lib/format';

const BADGE = {
  online: { text: 'Online', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-700/30' },
  offline: { text: 'Offline', tone: 'bg-sale-50 text-sale-700 ring-sale-700/30' },
  unknown: { text: 'No status', tone: 'bg-slate-100 text-slate-700 ring-slate-500/30' },
  asleep: { text: 'Asleep (closed)', tone: 'bg-indigo-50 text-indigo-800 ring-indigo-700/30' },
  off: { text: 'Off (closed)', tone: 'bg-indigo-50 text-indigo-800 ring-indigo-700/30' },
} as const;

/** Asleep is normal, not a failure: its own calm badge, online or switched off. */
const badgeOf = (kiosk: KioskState) =>
  kiosk.asleep && kiosk.presence === 'online'
    ? BADGE.asleep
    : kiosk.asleep && kiosk.presence === 'offline'
      ? BADGE.off
      : BADGE[kiosk.presence];

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
  const badge = badgeOf(kiosk);
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
