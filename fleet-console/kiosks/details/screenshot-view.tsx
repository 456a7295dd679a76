import { useEffect, useMemo } from 'react';
import { kioskTopics } from '@shared/fleet/topics';
import { useBrokerSession, useConnected } from '../../connection/connection-store';
import { useFleetStore } from '../../fleet/fleet-store';
import { formatClock } from '../../lib/format';
import { sendCommand } from '../commands/send-command';

/** PNG bytes start with this signature; anything else is not shown. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/** A data: URL needs no revoking, so nothing leaks however often the screenshot changes. */
function pngDataUrl(png: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < png.length; i += 0x8000) {
    binary += String.fromCharCode(...png.subarray(i, i + 0x8000));
  }
  return `data:image/png;base64,${btoa(binary)}`;
}

/** The kiosk's last retained screenshot, and a button to take a new one. */
export function ScreenshotView({ kioskId }: { kioskId: string }) {
  const session = useBrokerSession();
  const connected = useConnected();
  const screenshot = useFleetStore((state) =>
    state.fleet.screenshot?.kioskId === kioskId ? state.fleet.screenshot : null,
  );

  // One kiosk's retained screenshot at a time, renewed on every reconnect.
  useEffect(() => {
    if (!session) return;
    const topic = kioskTopics(session.prefix, kioskId).screenshot;
    session.watch(topic);
    return () => session.unwatch(topic);
  }, [session, kioskId]);

  const url = useMemo(
    () => (screenshot && isPng(screenshot.png) ? pngDataUrl(screenshot.png) : null),
    [screenshot],
  );

  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-base font-bold">Last screenshot</h3>
      {url && screenshot ? (
        <figure className="overflow-hidden rounded-lg border border-slate-200 bg-tile">
          <img
            src={url}
            alt={`The attract screen of ${kioskId}`}
            className="max-h-80 w-full object-contain"
          />
          <figcaption className="px-3 py-1.5 text-sm text-muted">
            Received {formatClock(screenshot.receivedAt)}
          </figcaption>
        </figure>
      ) : (
        <p className="text-sm text-muted">
          {screenshot ? 'The kiosk’s screenshot is not a PNG image.' : 'No screenshot yet.'}
        </p>
      )}
      <button
        type="button"
        className="btn-secondary"
        disabled={!session || !connected}
        onClick={() => session && void sendCommand(session, 'screenshot', kioskId)}
      >
        Take a screenshot
      </button>
    </div>
  );
}
