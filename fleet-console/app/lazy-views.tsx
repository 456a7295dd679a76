/**
 * The views other than the kiosk list, each in a chunk of its own: the page an operator
 * opens first parses only what it draws, and the counter, enrolment and rollout views come
 * when asked for (or at once, when the link names one).
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';

export const CounterView = lazy(() =>
  import('../counter/counter-view').then((module) => ({ default: module.CounterView })),
);
export const EnrolmentView = lazy(() =>
  import('../enrolment/enrolment-view').then((module) => ({ default: module.EnrolmentView })),
);
export const RolloutsView = lazy(() =>
  import('../rollouts/rollouts-view').then((module) => ({ default: module.RolloutsView })),
);

/** A view whose chunk could not be fetched (the console's host went away) says so. */
class ViewLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="card m-6 p-5">
        <p>This view could not be loaded. Check the connection to the console’s host, then</p>
        <button type="button" className="btn-primary mt-3" onClick={() => location.reload()}>
          Reload the console
        </button>
      </div>
    );
  }
}

export function LazyView({ children }: { children: ReactNode }) {
  return (
    <ViewLoadBoundary>
      <Suspense
        fallback={
          <p role="status" className="px-8 py-6 text-muted">
            Loading…
          </p>
        }
      >
        {children}
      </Suspense>
    </ViewLoadBoundary>
  );
}
