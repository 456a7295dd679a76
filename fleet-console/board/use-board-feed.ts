/**
 * The board's numbers kept in step with the shop service (service/order-feed.ts, the board's
 * routes, no login): each snapshot and change applied (board-items.ts), and each number that
 * becomes ready highlighted, chimed and, where the shop turns speech on, said in each of its
 * languages.
 */
import { useEffect, useRef, useState } from 'react';
import {
  boardChangeSchema,
  boardSnapshotSchema,
  type BoardSnapshot,
} from '@shared/fleet/order-flow';
import { chime } from '../lib/chime';
import { startOrderFeed, type FeedStatus } from '../service/order-feed';
import {
  applyChange,
  EMPTY_STATE,
  fromSnapshot,
  spokenNumber,
  type BoardState,
} from './board-items';

export type BoardSettings = BoardSnapshot['settings'];

const DEFAULTS: BoardSettings = {
  boardReadyMinutes: 10,
  boardChime: true,
  boardSpeech: false,
  boardSpeechLanguages: ['en'],
};

export interface BoardFeed {
  state: BoardState;
  settings: BoardSettings;
  status: FeedStatus;
  /** When each number became ready, by this page's clock. */
  highlights: ReadonlyMap<string, number>;
}

function say(number: string, languages: readonly string[]): void {
  if (typeof window.speechSynthesis === 'undefined') return;
  for (const lang of languages) {
    const utterance = new SpeechSynthesisUtterance(spokenNumber(number));
    utterance.lang = lang;
    window.speechSynthesis.speak(utterance);
  }
}

export function useBoardFeed(): BoardFeed {
  const [state, setState] = useState<BoardState>(EMPTY_STATE);
  const [settings, setSettings] = useState<BoardSettings>(DEFAULTS);
  const [status, setStatus] = useState<FeedStatus>('connecting');
  const [highlights, setHighlights] = useState<ReadonlyMap<string, number>>(new Map());
  const settingsRef = useRef(settings);
  useEffect(() => {
    settingsRef.current = settings;
  }, [settings]);

  useEffect(() => {
    // The feed's own copy, read and written only in its callbacks: announcing is a side
    // effect, so it is never done from inside a state update (which React may run twice).
    let current = EMPTY_STATE;
    const announce = (numbers: readonly string[]) => {
      if (numbers.length === 0) return;
      const at = Date.now();
      setHighlights(
        (before) => new Map([...before, ...numbers.map((number) => [number, at] as const)]),
      );
      const current = settingsRef.current;
      if (current.boardChime) chime([660, 990, 1320]);
      if (current.boardSpeech)
        for (const number of numbers) say(number, current.boardSpeechLanguages);
    };
    const feed = startOrderFeed({
      base: '',
      token: null,
      snapshotPath: '/board/snapshot',
      changesPath: '/board/changes',
      snapshotSchema: boardSnapshotSchema,
      changeSchema: boardChangeSchema,
      lastMoveIdOf: (snapshot) => snapshot.lastMoveId,
      onSnapshot: (snapshot) => {
        setSettings(snapshot.settings);
        const next = fromSnapshot(current, snapshot, Date.now());
        current = next.state;
        setState(next.state);
        announce(next.nowReady);
      },
      onChange: (change) => {
        const next = applyChange(current, change);
        current = next.state;
        setState(next.state);
        if (next.nowReady !== null) announce([next.nowReady]);
      },
      onStatus: setStatus,
    });
    return () => feed.stop();
  }, []);
  return { state, settings, status, highlights };
}
