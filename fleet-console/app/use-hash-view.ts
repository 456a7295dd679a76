import { useEffect, useState } from 'react';

export type ConsoleView = 'kiosks' | 'enrolment' | 'counter' | 'rollouts';

export const VIEW_HASH: Record<ConsoleView, string> = {
  kiosks: '#/kiosks',
  enrolment: '#/enrolment',
  counter: '#/counter',
  rollouts: '#/rollouts',
};

const viewOf = (hash: string): ConsoleView =>
  hash === VIEW_HASH.counter
    ? 'counter'
    : hash === VIEW_HASH.enrolment
      ? 'enrolment'
      : hash === VIEW_HASH.rollouts
        ? 'rollouts'
        : 'kiosks';

/** The view named by the URL's hash, so a counter PC can bookmark the counter view. */
export function useHashView(): ConsoleView {
  const [view, setView] = useState<ConsoleView>(() => viewOf(window.location.hash));
  useEffect(() => {
    const onHashChange = () => setView(viewOf(window.location.hash));
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  return view;
}
