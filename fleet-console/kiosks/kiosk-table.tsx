import type { KioskState } from '../fleet/fleet-state';
import { KioskRow } from './kiosk-row';

/**
 * Fixed widths (the table is `table-layout: fixed`): with automatic widths every new figure
 * in any cell (a memory reading, "Shopping" for "Attract") made Chromium measure all fifty
 * rows again, up to 13 ms of layout in a frame with 1,000 kiosks reporting. The last column
 * takes what is left.
 */
const COLUMNS: { name: string; width?: string }[] = [
  { name: 'Kiosk', width: 'w-[11rem]' },
  { name: 'Status', width: 'w-[11.5rem]' },
  { name: 'Version', width: 'w-[5.5rem]' },
  { name: 'Screen', width: 'w-[6.5rem]' },
  { name: 'Memory', width: 'w-[12rem]' },
  { name: 'Printer', width: 'w-[7rem]' },
  { name: 'Catalogue age', width: 'w-[9rem]' },
  { name: 'Last error' },
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
        className="w-full min-w-[72rem] table-fixed border-collapse text-left text-[0.9375rem]"
        aria-rowcount={total + 1}
      >
        <caption className="sr-only">Kiosks, one row each</caption>
        <colgroup>
          {COLUMNS.map((column) => (
            <col key={column.name} className={column.width} />
          ))}
        </colgroup>
        <thead className="bg-slate-50 text-sm text-muted">
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <th
                key={column.name}
                scope="col"
                className="px-3 py-2.5 font-semibold whitespace-nowrap"
              >
                {column.name}
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
