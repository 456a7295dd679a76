import type { ReactNode } from 'react';

interface ErrorPanelProps {
  /** The spec shows failures as 'Error: {message}'. */
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  children?: ReactNode;
}

export function ErrorPanel({ message, onRetry, retrying = false, children }: ErrorPanelProps) {
  return (
    <div className="mx-auto my-10 max-w-lg rounded-2xl border border-sale-700/30 bg-sale-50 p-6 text-center">
      <p role="alert" className="text-lg font-semibold text-sale-700">
        Error: {message}
      </p>
      <p className="mt-2 text-muted">
        Please check the connection and try again. Your cart is safe.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {onRetry && (
          <button type="button" className="btn-primary" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Trying again…' : 'Try again'}
          </button>
        )}
        {children}
      </div>
    </div>
  );
}
