import { statusSchema } from '@shared/fleet/payloads';

/**
 * A kiosk's retained status as the console uses it. Anything that is not a well-formed
 * status (shared/fleet/payloads.ts) is refused (null), so a bad message never shows a kiosk
 * online or brings a key to the counter.
 */
export type StatusView =
  | {
      state: 'online';
      version: string;
      startedAt: number | null;
      publicKey: string | null;
      /** Connected, and asleep on purpose: its store is closed (the kiosk's `asleep` state). */
      asleep: boolean;
      store: string | null;
      region: string | null;
      /** The broker node it is on, where it was given several; null: not said. */
      node: string | null;
    }
  /**
   * Offline: with the groups its Last Will names, null where it names none (an older kiosk).
   * `lostAt` and `reportedAt` only in the kiosk's own report of a lost link, said once it
   * reached a broker again: offline from one to the other (null in a Last Will or a quit).
   */
  | {
      state: 'offline';
      store: string | null;
      region: string | null;
      lostAt: number | null;
      reportedAt: number | null;
      /** The node whose loss the will keeper said this for; null: the kiosk or its node said it. */
      nodeLost: string | null;
    };

const timeOf = (iso: string | undefined): number | null => {
  const ms = iso === undefined ? NaN : Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
};

export function readStatus(json: unknown): StatusView | null {
  const parsed = statusSchema.safeParse(json);
  if (!parsed.success) return null;
  if (parsed.data.state === 'offline') {
    return {
      state: 'offline',
      store: parsed.data.store ?? null,
      region: parsed.data.region ?? null,
      lostAt: timeOf(parsed.data.lostAt),
      reportedAt: timeOf(parsed.data.reportedAt),
      nodeLost: parsed.data.nodeLost ?? null,
    };
  }
  const started = Date.parse(parsed.data.startedAt);
  return {
    state: 'online',
    version: parsed.data.version,
    startedAt: Number.isFinite(started) ? started : null,
    publicKey: parsed.data.publicKey,
    asleep: parsed.data.state === 'asleep',
    store: parsed.data.store ?? null,
    region: parsed.data.region ?? null,
    node: parsed.data.node ?? null,
  };
}
