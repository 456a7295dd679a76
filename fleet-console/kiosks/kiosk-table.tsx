import type { KioskState } from '../fleet/fleet-state';
import { KioskRow } from './kiosk-row';

const COLUMNS = [
  'Kiosk',
  'Status',
  'Version',
  'Screen',
  'Memory',
  'Printer',
  'Catalogue age',
  'Last error',
];

interface KioskTableProps {
  rows: readonly KioskState[];
  /** Position of the first row in the whole filtered list (for aria-rowindex). */
  firstIndex: number;
  total: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** One page of kiosks; screen readers hear where the page sits in the whole list. */
export function KioskTable({ rows, firstIndex, total, selectedId, onSelect }: KioskTableProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table
        className="w-full border-collapse text-left text-[0.9375rem]"
        aria-rowcount={total + 1}
      >
        <caption className="sr-only">Kiosks, one row each</caption>
        <thead className="bg-slate-50 text-sm text-muted">
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2.5 font-semibold whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((kiosk, index) => (
            <KioskRow
              key={kiosk.id}
              kiosk={kiosk}
              rowIndex={firstIndex + index + 2}
              selected={kiosk.id === selectedId}
              onSelect={onSelect}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
