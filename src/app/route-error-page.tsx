import { useRouteError } from 'react-router';
import { NotFoundPage } from '@/pages/not-found-page';

/** A rendering error must never blank the screen: show the spec's error page instead. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error('[router] a page failed to render', error);
  return <NotFoundPage />;
}
