import { memo, useEffect, useId, useRef, type ReactNode } from 'react';
import { formatCount } from '@web-shared/lib/count';
import { useFleetStore } from '../../fleet/fleet-store';
import {
  formatBytes,
  formatClock,
  formatClockToTheSecond,
  formatMegabytes,
  formatMinutes,
} from '../../lib/format';
import type { KioskState } from '../../fleet/fleet-state';
import { PresenceBadge } from '../list/presence-badge';
import { DiagnosticsPanel } from '../diagnostics/diagnostics-panel';
import { ScreenshotView } from './screenshot-view';

const dash = '—';
const yesNo = (value: boolean | null, yes: string, no: string): string =>
  value === null ? dash : value ? yes : no;
const countOf = (value: number | null): string => (value === null ? dash : formatCount(value));
/** When a broker was refused: the schema has checked it is an ISO time. */
const formatRefusedAt = (at: string): string => formatClock(Date.parse(at));

/** The keys a kiosk has taken but runs without until it relaunches at a safe moment. */
function PendingRelaunch({ keys }: { keys: string[] | null }) {
  if (keys === null) return dash;
  if (keys.length === 0) return 'Nothing';
  return <span className="font-mono">{keys.join(', ')}</span>;
}

/**
 * The last lost link the kiosk reported when it came back: said by the kiosk itself, since a
 * crashed broker node could not publish its Last Will.
 */
function LostLink({ lostLink }: { lostLink: KioskState['lostLink'] }) {
  if (lostLink === null) return dash;
  const seconds = Math.max(0, (lostLink.reportedAt - lostLink.lostAt) / 1000);
  return (
    <>
      {formatClockToTheSecond(lostLink.lostAt)}, offline{' '}
      {seconds < 60 ? `${seconds.toFixed(1)} s` : formatMinutes(seconds / 60)}{' '}
      <span className="text-muted">(reported by the kiosk when it came back)</span>
    </>
  );
}

/**
 * The broker node of a cluster the kiosk is on; or, offline, the node whose loss the will
 * keeper reported for it (the node took the kiosk's own Last Will with it).
 */
function BrokerNode({ kiosk }: { kiosk: KioskState }) {
  if (kiosk.presence === 'offline' && kiosk.nodeLost !== null) {
    return (
      <>
        <span className="font-mono break-all">{kiosk.nodeLost}</span>{' '}
        <span className="text-muted">(lost; said by the will keeper)</span>
      </>
    );
  }
  if (kiosk.node === null) return dash;
  return <span className="font-mono break-all">{kiosk.node}</span>;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-muted">{term}</dt>
      <dd className="text-right break-words">{children}</dd>
    </div>
  );
}

/**
 * The store and region its certificate names, and, where its own status names others, what
 * it says: its word is shown, never used to group it.
 */
function Groups({ kiosk }: { kiosk: KioskState }) {
  const certified = [kiosk.store, kiosk.region].filter((group) => group !== null).join(' · ');
  const claimed = [kiosk.claimed.store, kiosk.claimed.region]
    .filter((group) => group !== null)
    .join(' · ');
  const differs =
    claimed !== '' &&
    ((kiosk.claimed.store !== null && kiosk.claimed.store !== kiosk.store) ||
      (kiosk.claimed.region !== null && kiosk.claimed.region !== kiosk.region));
  return (
    <>
      {kiosk.enrolled ? certified || 'none named' : 'not enrolled'}
      {differs && <span className="block text-muted">its status says {claimed}</span>}
    </>
  );
}

/** What the kiosk's status and last health report say, one fact a row. */
function HealthFacts({ kiosk }: { kiosk: KioskState }) {
  const h = kiosk.health;
  return (
    <dl className="mt-3 divide-y divide-slate-100 text-sm">
      <Row term="Store · region (certificate)">
        <Groups kiosk={kiosk} />
      </Row>
      <Row term="App version">{kiosk.version ?? dash}</Row>
      <Row term="Electron / Chrome">
        {h?.electron ?? dash} / {h?.chrome ?? dash}
      </Row>
      <Row term="Uptime">
        {h?.uptimeSeconds == null ? dash : formatMinutes(h.uptimeSeconds / 60)}
      </Row>
      <Row term="Idle wipes / receipts since start">
        {countOf(h?.idleWipes ?? null)} / {countOf(h?.receipts ?? null)}
      </Row>
      <Row term="Memory (main + renderer)">
        {h?.memoryMB == null ? dash : formatMegabytes(h.memoryMB)}
      </Row>
      <Row term="Image cache">
        {h?.imageCache
          ? `${formatBytes(h.imageCache.bytes)} in ${formatCount(h.imageCache.files)} files`
          : dash}
      </Row>
      <Row term="Catalogue">
        {h?.catalogue
          ? `${h.catalogue.source}, ${countOf(h.catalogue.products)} products${
              h.catalogue.ageMinutes === null
                ? ''
                : `, ${formatMinutes(h.catalogue.ageMinutes)} old`
            }`
          : dash}
      </Row>
      <Row term="Printer">{yesNo(h?.printerAvailable ?? null, 'Ready', 'Unavailable')}</Row>
      <Row term="Failed staff PINs today">{countOf(h?.staffPinFailedToday ?? null)}</Row>
      <Row term="GPU fallback">{yesNo(h?.gpuFallback ?? null, 'On', 'Off')}</Row>
      <Row term="Update">
        {h?.update
          ? `${h.update.state}${h.update.version ? ` ${h.update.version}` : ''}${
              h.update.percent === null ? '' : ` (${Math.round(h.update.percent)} %)`
            }`
          : dash}
      </Row>
      <Row term="Remote config version">{h?.config?.version ?? 'none'}</Row>
      <Row term="Pending relaunch">
        <PendingRelaunch keys={h?.pendingRelaunch ?? null} />
      </Row>
      <Row term="Messages dropped unread">{countOf(h?.dropped?.count ?? null)}</Row>
      <Row term="Last report">{h?.at == null ? dash : formatClock(h.at)}</Row>
      <Row term="Broker node">
        <BrokerNode kiosk={kiosk} />
      </Row>
      <Row term="Last lost link">
        <LostLink lostLink={kiosk.lostLink} />
      </Row>
    </dl>
  );
}

/** The config it refused, the brokers that refused it, the messages it dropped unread. */
function ReportedProblems({ health: h }: { health: KioskState['health'] }) {
  const refusals = h?.config?.refusals ?? [];
  const dropped = h?.dropped?.recent ?? [];
  const brokersRefused = h?.brokerRefusals ?? [];
  return (
    <>
      {refusals.length > 0 && (
        <>
          <h3 className="mt-3 text-base font-bold">Config refusals</h3>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {refusals.map((refusal) => (
              <li
                key={`${refusal.at}-${refusal.topic}-${refusal.reason}`}
                className="text-sale-700"
              >
                {refusal.reason} <span className="text-muted">({refusal.topic})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {brokersRefused.length > 0 && (
        <>
          <h3 className="mt-3 text-base font-bold">Brokers refused</h3>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {brokersRefused.map((refusal) => (
              <li
                key={`${refusal.at}-${refusal.broker}-${refusal.reason}`}
                className="text-sale-700"
              >
                <span className="font-mono break-all">{refusal.broker}</span>: {refusal.reason}{' '}
                <span className="text-muted">({formatRefusedAt(refusal.at)})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {dropped.length > 0 && (
        <>
          <h3 className="mt-3 text-base font-bold">Dropped messages</h3>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {dropped.map((drop) => (
              <li key={`${drop.at}-${drop.topic}-${drop.reason}`} className="text-sale-700">
                {drop.reason} <span className="text-muted">({drop.topic})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** Everything the selected kiosk reports, its screenshot, and a way to close it. */
export const KioskDetails = memo(function KioskDetails({
  kioskId,
  onClose,
}: {
  kioskId: string;
  onClose: () => void;
}) {
  const kiosk = useFleetStore((state) => state.kiosks.get(kioskId));
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  // Narrower than 1,680 px the panel sits under the kiosk table: without this a tap on
  // a kiosk near the top would seem to do nothing. 'nearest' leaves a panel in view alone.
  useEffect(() => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel.current?.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
  }, [kioskId]);
  if (!kiosk) return null;
  const h = kiosk.health;
  return (
    <section ref={panel} aria-labelledby={`${id}-title`} className="card scroll-mt-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-bold break-all">
          Kiosk <span className="font-mono">{kiosk.id}</span>
        </h2>
        <button type="button" className="btn-secondary shrink-0" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="mt-2">
        <PresenceBadge kiosk={kiosk} />
      </div>
      <HealthFacts kiosk={kiosk} />
      <ReportedProblems health={kiosk.health} />
      <h3 className="mt-3 text-base font-bold">Last error</h3>
      <p className="mt-1 text-sm break-words">
        {h?.lastError ?? <span className="text-muted">None</span>}
      </p>
      <div className="mt-4">
        <ScreenshotView kioskId={kiosk.id} />
      </div>
      <div className="mt-4">
        <DiagnosticsPanel kioskId={kiosk.id} />
      </div>
    </section>
  );
});
