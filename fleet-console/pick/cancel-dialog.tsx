/**
 * Asking why an order is cancelled: a few common reasons as big buttons, or one typed; the
 * reason is kept with the move and shown to the counter when the shopper comes.
 */
import { useId, useState } from 'react';
import { useModalDialog } from '@web-shared/ui/use-modal-dialog';
import { MAX_REASON_LENGTH } from '@shared/fleet/order-flow';

export const COMMON_REASONS = ['Out of stock', 'Damaged item', 'Shopper asked to cancel'] as const;

export function CancelDialog({
  name,
  onCancel,
  onClose,
}: {
  /** The order's name, null when the dialog is closed. */
  name: string | null;
  onCancel: (reason: string) => void;
  onClose: () => void;
}) {
  const ref = useModalDialog(name !== null);
  const titleId = useId();
  const fieldId = useId();
  const [typed, setTyped] = useState('');
  const reason = typed.trim();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-auto w-[min(36rem,92vw)] rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/50"
      onClose={onClose}
      onKeyDown={(event) => event.stopPropagation()}
    >
      <h2 id={titleId} className="text-2xl font-bold">
        Cancel {name ?? ''}? Say why.
      </h2>
      <div className="mt-4 flex flex-col gap-2">
        {COMMON_REASONS.map((common) => (
          <button
            key={common}
            type="button"
            className="btn-secondary justify-start text-lg"
            onClick={() => onCancel(common)}
          >
            {common}
          </button>
        ))}
      </div>
      <form
        className="mt-4 flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (reason !== '') onCancel(reason);
        }}
      >
        <label htmlFor={fieldId} className="font-semibold">
          Another reason
        </label>
        <input
          id={fieldId}
          className="field"
          maxLength={MAX_REASON_LENGTH}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Keep the order
          </button>
          <button
            type="submit"
            className="btn-primary bg-sale-700 hover:bg-sale-700"
            disabled={reason === ''}
          >
            Cancel with this reason
          </button>
        </div>
      </form>
    </dialog>
  );
}
