/**
 * When the kiosk lost its link to the fleet, kept until it could say so.
 *
 * A broker publishes a kiosk's Last Will when the kiosk's connection dies, but a broker node
 * that crashes takes the wills of its connections with it (docs/fleet/cluster.md): the
 * kiosk moves to another node and its status never said it was gone. The kiosk itself knows
 * the moment its session ended without a clean close, so it reports it on reaching a broker
 * again: the offline status its will would have carried, with when it lost the link and
 * when it could report it (shared/fleet/payloads.ts), just before its online status.
 *
 * Only a session in which the kiosk had said it was online can be lost: an attempt refused
 * before that, or a session dropped before its status was taken, changes nothing, and the
 * first loss stays the one reported until a session has carried the report and the online
 * status after it. A clean end (a stop, a session renewed for new groups) is no loss.
 */

export interface LostLink {
  /** The online status of this session was taken by the broker: a loss from now counts. */
  saidOnline(): void;
  /** The session ended; `clean`: on purpose, with the kiosk's own offline status or none owed. */
  ended(at: Date, clean: boolean): void;
  /** When the link was lost, while the report is owed; null when none is. */
  owed(): Date | null;
  /** The report and the online status after it were taken by the broker. */
  reported(): void;
}

export function createLostLink(): LostLink {
  let online = false;
  let lostAt: Date | null = null;
  return {
    saidOnline: () => {
      online = true;
    },
    ended: (at, clean) => {
      if (online && !clean && lostAt === null) lostAt = at;
      online = false;
    },
    owed: () => lostAt,
    reported: () => {
      lostAt = null;
    },
  };
}
