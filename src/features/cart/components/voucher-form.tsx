import { useId, useState, type SubmitEvent } from 'react';
import { useI18n } from '@/i18n/language-store';
import { cartText } from '../cart.messages';
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
  const { t } = useI18n();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (onApply(code)) setApplied(code);
    setCode('');
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <label htmlFor={inputId} className="font-semibold">
        {t(cartText.voucherQuestion)}
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
          {t(cartText.applyCode)}
        </button>
      </div>
      <p id={hintId} className="text-sm text-muted">
        {t(cartText.validCodes, { codes: VALID_VOUCHERS.join(', ') })}
      </p>
      <p role="status" className="text-sm font-semibold text-emerald-800">
        {applied ? t(cartText.voucherApplied, { code: applied }) : ''}
      </p>
    </form>
  );
}
