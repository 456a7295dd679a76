/**
 * A screen's state kept in step with the shop service through its feed (order-feed.ts): the
 * screen says how a snapshot and a change turn its state into the next, and what to do once
 * the next is shown (a chime, a number said aloud). The feed's own copy of the state is read
 * and written only in the feed's callbacks, and those effects run there, never inside a
 * React state update (which React may run twice). The pick screen and the board are both
 * this, with their own schemas and steps.
 */
import { useEffect, useRef, useState } from 'react';
import { startOrderFeed, type FeedOptions, type FeedStatus } from './order-feed';

/** A state after a snapshot or change, and what to do once it is shown. */
export interface FeedStep<T> {
  state: T;
  then?: () => void;
}

/** The feed's own options (order-feed.ts), and the screen's steps. */
export interface FeedConfig<S, C, T> extends Pick<
  FeedOptions<S, C>,
  | 'base'
  | 'token'
  | 'snapshotPath'
  | 'changesPath'
  | 'snapshotSchema'
  | 'changeSchema'
  | 'lastMoveIdOf'
> {
  /** The state before the first snapshot. */
  empty: T;
  fromSnapshot: (current: T, snapshot: S) => FeedStep<T>;
  fromChange: (current: T, change: C, id: number) => FeedStep<T>;
  onStatus?: (status: FeedStatus) => void;
}

export function useOrderFeed<S, C, T>(
  config: FeedConfig<S, C, T>,
): {
  state: T;
  status: FeedStatus;
} {
  const [state, setState] = useState<T>(config.empty);
  const [status, setStatus] = useState<FeedStatus>('connecting');
  // The newest callbacks, so a screen's render does not restart its feed.
  const latest = useRef(config);
  useEffect(() => {
    latest.current = config;
  });
  const { base, token, snapshotPath, changesPath } = config;

  useEffect(() => {
    const first = latest.current;
    let current = first.empty;
    const show = (step: FeedStep<T>) => {
      current = step.state;
      setState(step.state);
      step.then?.();
    };
    const feed = startOrderFeed({
      base,
      token,
      snapshotPath,
      changesPath,
      snapshotSchema: first.snapshotSchema,
      changeSchema: first.changeSchema,
      lastMoveIdOf: (snapshot) => latest.current.lastMoveIdOf(snapshot),
      onSnapshot: (snapshot) => show(latest.current.fromSnapshot(current, snapshot)),
      onChange: (change, id) => show(latest.current.fromChange(current, change, id)),
      onStatus: (next) => {
        setStatus(next);
        latest.current.onStatus?.(next);
      },
    });
    return () => feed.stop();
  }, [base, token, snapshotPath, changesPath]);
  return { state, status };
}
