import type { ReactNode } from 'react';
import { useI18n } from '@/i18n/language-store';
import { errorText } from './error-panel.messages';

interface ErrorPanelProps {
  /** The spec shows failures as 'Error: {message}'. */
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  children?: ReactNode;
}

export function ErrorPanel({ message, onRetry, retrying = false, children }: ErrorPanelProps) {
  const { t } = useI18n();
  return (
    <div className="mx-auto my-10 max-w-lg rounded-2xl border border-sale-700/30 bg-sale-50 p-6 text-center">
      <p role="alert" className="text-lg font-semibold text-sale-700">
        {t(errorText.error, { message })}
      </p>
      <p className="mt-2 text-muted">{t(errorText.advice)}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {onRetry && (
          <button type="button" className="btn-primary" onClick={onRetry} disabled={retrying}>
            {retrying ? t(errorText.retrying) : t(errorText.retry)}
          </button>
        )}
        {children}
      </div>
    </div>
  );
}
