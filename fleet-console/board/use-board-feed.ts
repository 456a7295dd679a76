/**
 * The board's numbers kept in step with the shop service (service/use-order-feed.ts, the board's
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
import type { FeedStatus } from '../service/order-feed';
import { useOrderFeed } from '../service/use-order-feed';
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
  const [settings, setSettings] = useState<BoardSettings>(DEFAULTS);
  const [highlights, setHighlights] = useState<ReadonlyMap<string, number>>(new Map());
  const settingsRef = useRef(settings);
  useEffect(() => {
    settingsRef.current = settings;
  }, [settings]);

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
  const { state, status } = useOrderFeed({
    base: '',
    token: null,
    snapshotPath: '/board/snapshot',
    changesPath: '/board/changes',
    snapshotSchema: boardSnapshotSchema,
    changeSchema: boardChangeSchema,
    lastMoveIdOf: (snapshot) => snapshot.lastMoveId,
    empty: EMPTY_STATE,
    fromSnapshot: (current, snapshot) => {
      const next = fromSnapshot(current, snapshot, Date.now());
      return {
        state: next.state,
        then: () => {
          // The snapshot's settings count for what it announces.
          settingsRef.current = snapshot.settings;
          setSettings(snapshot.settings);
          announce(next.nowReady);
        },
      };
    },
    fromChange: (current, change) => {
      const next = applyChange(current, change);
      const ready = next.nowReady;
      return { state: next.state, ...(ready === null ? {} : { then: () => announce([ready]) }) };
    },
  });
  return { state, settings, status, highlights };
}
