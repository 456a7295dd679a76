import { useEffect } from 'react';

/** Each page names itself, for browser tabs, history and screen readers. */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · Kiosk Shop`;
  }, [title]);
  return null;
}
