import type { Cents } from '@web-shared/lib/money';
import { useI18n } from '@/i18n/language-store';
import { formatPrice } from '@/i18n/formats';
import { controlsText } from './controls.messages';

interface MoneyProps {
  cents: Cents;
  className?: string;
  /** A struck-through "was" price: muted, and read as such by screen readers. */
  struck?: boolean;
}

/** An amount in US dollars, written the way the shown language writes money. */
export function Money({ cents, className = '', struck = false }: MoneyProps) {
  const { t, language } = useI18n();
  if (struck) {
    return (
      <s className={`tabular text-muted ${className}`}>
        <span className="sr-only">{t(controlsText.was)}</span>
        {formatPrice(language, cents)}
      </s>
    );
  }
  // data-price: what the kiosk's speech reads as a card's or a product's price.
  return (
    <span data-price="" className={`tabular ${className}`}>
      {formatPrice(language, cents)}
    </span>
  );
}
