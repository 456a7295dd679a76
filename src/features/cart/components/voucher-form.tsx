import { useId, useState, type SubmitEvent } from 'react';
import { VALID_VOUCHERS } from '../vouchers';

/**
 * Required field, cleared after every attempt; an invalid code gives no message and no
 * effect (spec §5). A valid one is confirmed politely so the shopper knows it took.
 */
export function VoucherForm({ onApply }: { onApply: (code: string) => boolean }) {
  const inputId = useId();
  const hintId = useId();
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<string | null>(null);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (onApply(code)) setApplied(code);
    setCode('');
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <label htmlFor={inputId} className="font-semibold">
        Do you have a voucher or gift card?
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          required
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          data-osk="caps"
          aria-describedby={hintId}
          className="field min-w-0 flex-1"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="btn-secondary">
          Apply Code
        </button>
      </div>
      <p id={hintId} className="text-sm text-muted">
        Valid codes: {VALID_VOUCHERS.join(', ')}
      </p>
      <p role="status" className="text-sm font-semibold text-emerald-800">
        {applied ? `Voucher ${applied} applied: 10% savings` : ''}
      </p>
    </form>
  );
}
