import { formatMoney, type Cents } from '../lib/money';

interface MoneyProps {
  cents: Cents;
  className?: string;
  /** A struck-through "was" price: muted, and read as such by screen readers. */
  struck?: boolean;
}

export function Money({ cents, className = '', struck = false }: MoneyProps) {
  if (struck) {
    return (
      <s className={`tabular text-muted ${className}`}>
        <span className="sr-only">Was </span>
        {formatMoney(cents)}
      </s>
    );
  }
  return <span className={`tabular ${className}`}>{formatMoney(cents)}</span>;
}
