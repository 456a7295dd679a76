/**
 * The ready board at the shop service's `/board`, for a screen at the counter, read from
 * five metres: "Preparing" and "Ready" by collection number, in very large type. A number
 * that becomes ready is highlighted for a while and announced with a chime (and said aloud,
 * in each of the shop's languages, where the shop turns speech on). It shows nothing about
 * the shopper. When the connection is lost it keeps the last numbers, shows a quiet
 * "Reconnecting…" mark and recovers by itself: never blank, never stale without saying so.
 */
import { useMemo, useState } from 'react';
import { canChime, wakeChime } from '../lib/chime';
import { useNow } from '../lib/use-now';
import { columnsOf } from './board-items';
import { useBoardFeed } from './use-board-feed';

/** How long a newly ready number stands out. */
export const HIGHLIGHT_MS = 30_000;

export function BoardScreen() {
  const { state, settings, status, highlights } = useBoardFeed();
  const [sound, setSound] = useState(canChime());
  const pageNow = useNow(1000);
  const now = pageNow + state.clockSkewMs;

  const { preparing, ready } = useMemo(
    () => columnsOf(state, now, settings.boardReadyMinutes),
    [state, now, settings.boardReadyMinutes],
  );
  const lit = (number: string) => {
    const at = highlights.get(number);
    return at !== undefined && pageNow - at < HIGHLIGHT_MS;
  };

  return (
    <div
      className="flex h-dvh flex-col overflow-hidden bg-slate-950 text-white"
      onPointerDown={() => {
        wakeChime();
        setSound(true);
      }}
      onKeyDown={() => {
        wakeChime();
        setSound(true);
      }}
    >
      <main className="grid min-h-0 flex-1 grid-cols-2">
        <section
          aria-labelledby="board-preparing"
          className="flex min-h-0 flex-col border-r-4 border-slate-700 p-[2vw]"
        >
          <h1 id="board-preparing" className="text-[5vw] leading-tight font-bold text-slate-200">
            Preparing
          </h1>
          <ul className="mt-[1.5vw] flex flex-wrap content-start gap-x-[3vw] gap-y-[1vw] overflow-hidden">
            {preparing.map((item) => (
              <li
                key={item.number}
                className="tabular text-[5vw] leading-tight font-bold whitespace-nowrap text-slate-100"
              >
                {item.number}
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="board-ready"
          className="flex min-h-0 flex-col bg-emerald-950 p-[2vw]"
        >
          <h2 id="board-ready" className="text-[5vw] leading-tight font-bold text-emerald-200">
            Ready
          </h2>
          <ul
            aria-live="polite"
            className="mt-[1.5vw] flex flex-wrap content-start gap-x-[2vw] gap-y-[1vw] overflow-hidden"
          >
            {ready.map((item) => (
              <li
                key={item.number}
                className={`tabular rounded-[1vw] px-[1vw] text-[7vw] leading-tight font-extrabold whitespace-nowrap ${
                  lit(item.number) ? 'animate-pop-in bg-amber-300 text-slate-950' : 'text-white'
                }`}
              >
                {item.number}
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="flex min-h-11 items-center justify-between gap-4 px-[2vw] py-[0.8vw] text-[1.6vw] text-slate-300">
        <span>Collect your order at the counter when your number is ready.</span>
        <span className="flex items-center gap-4">
          {!sound && (settings.boardChime || settings.boardSpeech) && (
            <button
              type="button"
              className="min-h-11 rounded-lg border border-slate-500 px-4 text-slate-100"
              onClick={() => {
                wakeChime();
                setSound(true);
              }}
            >
              Turn sound on
            </button>
          )}
          <span role="status" className={status === 'live' ? 'sr-only' : 'text-amber-200'}>
            {status === 'live' ? 'Up to date' : 'Reconnecting…'}
          </span>
        </span>
      </footer>
    </div>
  );
}
