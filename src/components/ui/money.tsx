import type { Cents } from '@web-shared/lib/money';
import { formatPrice } from '@/i18n/formats';
import { useI18n } from '@/i18n/language-store';
import { controlsText } from './controls.messages';

interface MoneyProps {
  cents: Cents;
  className?: string;
  /** A struck-through "was" price: muted, and read as such by screen readers. */
  struck?: boolean;
  /** A saving, shown with its minus sign ("-$9.00"). */
  saving?: boolean;
}

/**
 * An amount in US dollars, written the way the shown language writes money. In a page
 * written right to left it keeps its own left-to-right order ("-9.00 US$"), or the bidi
 * rules would move its sign and its dollar sign to the wrong ends.
 */
export function Money({ cents, className = '', struck = false, saving = false }: MoneyProps) {
  const { t, language, dir } = useI18n();
  const shown = `${saving ? '-' : ''}${formatPrice(language, cents)}`;
  const isolate = dir === 'rtl' ? ({ dir: 'ltr' } as const) : {};
  if (struck) {
    return (
      <s className={`tabular text-muted ${className}`}>
        <span className="sr-only">{t(controlsText.was)}</span>
        <span {...isolate}>{shown}</span>
      </s>
    );
  }
  // data-price: what the kiosk's speech reads as a card's or a product's price.
  return (
    <span data-price="" className={`tabular ${className}`} {...isolate}>
      {shown}
    </span>
  );
}
