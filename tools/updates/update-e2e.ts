/**
 * The pure parts of `npm run update:e2e`: the two versions it packages, the window that is
 * open while it runs, the kiosk config that points version N at the loopback feed (and
 * names the key the feed is signed with), and how it reads the feed file electron-builder
 * wrote.
 */

/** Version N+1 of `version` (its patch number plus one). */
export function nextVersion(version: string): string {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) throw new Error(`not a version: ${version}`);
  return `${match[1] ?? '0'}.${match[2] ?? '0'}.${Number(match[3]) + 1}`;
}

const hhmm = (date: Date): string =>
  `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;

/** A maintenance window open from a minute before `at` for `minutes` (local time). */
export function windowAround(at: Date, minutes = 60): string {
  const start = new Date(at.getTime() - 60_000);
  const end = new Date(start.getTime() + minutes * 60_000);
  return `${hhmm(start)}-${hhmm(end)}`;
}

/**
 * The kiosk-config.json of version N: the loopback feed, signed with the key whose public
 * half is `feedPublicKey`, installing at the attract screen.
 */
export function kioskConfig(
  feedUrl: string,
  at: Date,
  feedPublicKey: string,
): Record<string, unknown> {
  return {
    update: { feedUrl, checkHours: 1, window: windowAround(at) },
    fleet: { configPublicKey: feedPublicKey },
    // The test watches the update's restart, not the nightly one.
    scheduledRelaunch: false,
  };
}

/** The version and artifact of a latest-linux.yml, read line by line (its format is fixed). */
export function feedEntry(yml: string): { version: string; path: string } | null {
  const version = /^version: *'?([^'\s]+)'?\s*$/m.exec(yml)?.[1];
  const path = /^path: *'?([^'\n]+?)'?\s*$/m.exec(yml)?.[1];
  return version && path ? { version, path } : null;
}
