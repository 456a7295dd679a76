import { useState, type KeyboardEvent } from 'react';
import { useI18n } from '@/i18n/language-store';
import { formatNumber } from '@/i18n/count-format';
import { controlsText } from './controls.messages';
import { MinusIcon, PlusIcon } from './page-icons';

interface QuantityControlProps {
  value: number;
  onChange: (quantity: number) => void;
  /** Digits-only typing and the "empty or 0 becomes 1" rule live with the cart rules. */
  sanitize: (typed: string) => string;
  commit: (typed: string) => number;
  min?: number;
  max: number;
  /** Names the product for screen readers when several controls share a page. */
  describedBy?: string;
  size?: 'md' | 'lg';
}

export function QuantityControl({
  value,
  onChange,
  sanitize,
  commit,
  min = 1,
  max,
  describedBy,
  size = 'md',
}: QuantityControlProps) {
  // While typing, the field may hold '' or '0'; those only become a quantity on blur/Enter.
  const [draft, setDraft] = useState<string | null>(null);
  const { t, language } = useI18n();
  const shown = draft ?? String(value);

  const finish = () => {
    if (draft === null) return;
    onChange(commit(draft));
    setDraft(null);
  };

  const step = (by: number) => {
    setDraft(null);
    onChange(Math.min(max, Math.max(min, value + by)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish();
    } else if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && !event.shiftKey) {
      // Up and Down step the quantity, as a spin button's do, from the keyboard or a keypad.
      event.preventDefault();
      step(event.key === 'ArrowUp' ? 1 : -1);
    }
  };

  const button = size === 'lg' ? 'size-12' : 'size-11';
  return (
    <div className="inline-flex flex-col gap-1">
      <div className="inline-flex items-center self-start rounded-lg border border-slate-400 bg-white">
        <button
          type="button"
          className={`${button} grid place-items-center rounded-s-lg text-ink hover:bg-slate-100`}
          aria-label={t(controlsText.decrease)}
          aria-describedby={describedBy}
          onClick={() => step(-1)}
        >
          <MinusIcon />
        </button>
        <input
          className={`${size === 'lg' ? 'h-12 w-16' : 'h-11 w-14'} border-x border-slate-400 text-center text-base font-semibold tabular focus:outline-offset-0`}
          type="text"
          inputMode="numeric"
          data-osk="numeric"
          // The kiosk keypad: Up and Down belong to this field, Left and Right move on.
          data-arrows="vertical"
          autoComplete="off"
          aria-label={t(controlsText.quantity)}
          aria-describedby={describedBy}
          value={shown}
          onChange={(event) => {
            const typed = sanitize(event.target.value);
            setDraft(typed);
            // A real number applies at once (line totals follow); '' and '0' wait for blur/Enter.
            if (Number(typed) >= min) onChange(commit(typed));
          }}
          onBlur={finish}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className={`${button} grid place-items-center rounded-e-lg text-ink hover:bg-slate-100 disabled:text-slate-400`}
          aria-label={t(controlsText.increase)}
          aria-describedby={describedBy}
          disabled={value >= max}
          onClick={() => step(1)}
        >
          <PlusIcon />
        </button>
      </div>
      {/* The cap keeps a stranger's typo from becoming a nonsense order; say so when it bites. */}
      <p className="text-sm text-muted" aria-live="polite">
        {value >= max ? t(controlsText.limit, { max: formatNumber(language, max) }) : ''}
      </p>
    </div>
  );
}
