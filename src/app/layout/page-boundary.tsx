import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from '@/components/ui/error-panel';
import { useI18n } from '@/i18n/language-store';
import { NotFoundPage } from '@/pages/not-found-page';
import { PageLoadError } from '../lazy-page';
import { layoutText } from './layout.messages';

interface BoundaryProps {
  /** The URL: a new one clears a failure, so the header's links always lead somewhere. */
  resetKey: string;
  children: ReactNode;
}

/** A page that fails must never blank the screen: the header and cart stay usable. */
class PageErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[app] a page failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) {
      this.setState({ error: null });
    }
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // A page whose code is missing is the connection's fault, not the shopper's: offer a retry
    // (a reload, which keeps the cart; the download is not retried behind their back).
    if (error instanceof PageLoadError) {
      return <PageLoadFailed />;
    }
    // Spec §8: a rendering error shows the error page.
    return <NotFoundPage />;
  }
}

/** A page's code could not be downloaded: a reload (which keeps the cart) tries again. */
function PageLoadFailed() {
  const { t } = useI18n();
  return (
    <ErrorPanel message={t(layoutText.pageLoadFailed)} onRetry={() => window.location.reload()} />
  );
}

/** While a page's code downloads: holds the space, says so to screen readers, shows nothing. */
function PageLoading() {
  const { t } = useI18n();
  return (
    <div aria-busy="true" className="min-h-[60vh]">
      <p role="status" className="sr-only">
        {t(layoutText.loading)}
      </p>
    </div>
  );
}

/** Around every page: failures are contained, and a page still downloading holds its place. */
export function PageBoundary({ resetKey, children }: BoundaryProps) {
  return (
    <PageErrorBoundary resetKey={resetKey}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
