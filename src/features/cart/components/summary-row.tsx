import type { ReactNode } from 'react';

export function SummaryRow({
  label,
  children,
  emphasis = false,
}: {
  label: string;
  children: ReactNode;
  emphasis?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 py-2 ${emphasis ? 'border-t border-slate-200 pt-4 text-lg font-bold' : ''}`}
    >
      <dt className={emphasis ? '' : 'text-muted'}>{label}</dt>
      <dd className="tabular">{children}</dd>
    </div>
  );
}
