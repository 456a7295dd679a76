import { useEffect } from 'react';
import { afterNextPaint } from '@/lib/after-next-paint';

/**
 * Each page names itself, for browser tabs, history and screen readers. Once the page has
 * painted: a title set goes to the browser's tab and history, work the new page's first
 * frame need not wait for.
 */
export function PageTitle({ title }: { title: string }) {
  useEffect(
    () =>
      afterNextPaint(() => {
        document.title = `${title} · Kiosk Shop`;
      }),
    [title],
  );
  return null;
}
