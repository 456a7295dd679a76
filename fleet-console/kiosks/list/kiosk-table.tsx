import { useCallback, useRef, type KeyboardEvent } from 'react';
import type { KioskState } from '../../fleet/fleet-state';
import { KioskRow, ROW_HEIGHT_PX } from './kiosk-row';
import { rowForKey } from './row-keys';
import { useRowFocus } from './use-row-focus';
import { useRowWindow } from './use-row-window';

/**
 * Fixed widths (the table is `table-layout: fixed`): with automatic widths every new figure
 * in any cell (a memory reading, "Shopping" for "Attract") made Chromium measure all the
 * drawn rows again, up to 13 ms of layout in a frame with 1,000 kiosks reporting. The last
 * column takes what is left.
 */
const COLUMNS: { name: string; width?: string }[] = [
  { name: 'Kiosk', width: 'w-[11rem]' },
  { name: 'Status', width: 'w-[11.5rem]' },
  { name: 'Version', width: 'w-[5.5rem]' },
  { name: 'Screen', width: 'w-[6.5rem]' },
  { name: 'Memory', width: 'w-[12rem]' },
  { name: 'Printer', width: 'w-[8.5rem]' },
  { name: 'Catalogue age', width: 'w-[9rem]' },
  { name: 'Last error' },
];

/** The sticky header row's height (h-11): the rows start below it. */
export const HEADER_HEIGHT_PX = 44;
/** Rows drawn above and below those in view, so a quick scroll or Tab finds rows ready. */
const OVERSCAN = 4;
/**
 * Rows are keyed by their slot (their place in the list modulo this), not by kiosk: a
 * search, sort or filter then writes new kiosks into the rows already drawn instead of
 * removing them all and building new ones, and a scroll by one row moves one slot from one
 * end to the other. Any run of up to this many consecutive rows has distinct slots.
 */
const SLOTS = 128;
/** The scrolling box's top and bottom border. */
const BORDERS_PX = 2;

/** The columns' widths and the sticky header row. */
function TableHead() {
  return (
    <>
      <colgroup>
        {COLUMNS.map((column) => (
          <col key={column.name} className={column.width} />
        ))}
      </colgroup>
      <thead className="text-sm text-muted">
        <tr aria-rowindex={1}>
          {COLUMNS.map((column) => (
            <th
              key={column.name}
              scope="col"
              className="sticky top-0 z-10 h-11 bg-slate-50 px-3 font-semibold whitespace-nowrap shadow-[inset_0_-1px_0_var(--color-slate-200)]"
            >
              {column.name}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}

interface KioskTableProps {
  /** The whole filtered, sorted list; only the rows in view are drawn. */
  rows: readonly KioskState[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/**
 * The kiosk list as one real table in a scrolling box, drawing only the rows in view (and a
 * few either side): empty spacer rows stand for the rest, so 10,000 kiosks cost a screenful
 * of DOM and the scroll bar still spans them all. Every row has the same height, so the
 * rows in view are worked out from the scroll offset alone (row-window.ts). Screen readers
 * hear the whole list's size (aria-rowcount) and each drawn row's place in it
 * (aria-rowindex).
 */
export function KioskTable({ rows, selectedId, onSelect }: KioskTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const { range, scrollToIndex } = useRowWindow(scrollRef, {
    count: rows.length,
    rowHeight: ROW_HEIGHT_PX,
    headerHeight: HEADER_HEIGHT_PX,
    overscan: OVERSCAN,
  });

  const { setFocusIndex, onFocus, onBlur } = useRowFocus({
    rows,
    range,
    scrollToIndex,
    tableRef,
    scrollRef,
  });

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTableSectionElement>) => {
      const row = (event.target as HTMLElement).closest<HTMLElement>('tr[data-index]');
      if (!row) return;
      const height = scrollRef.current?.clientHeight ?? 0;
      const perPage = Math.floor((height - HEADER_HEIGHT_PX) / ROW_HEIGHT_PX);
      const target = rowForKey(event.key, Number(row.dataset.index), rows.length, perPage);
      if (target === null) return;
      event.preventDefault();
      scrollToIndex(target);
      setFocusIndex(target);
    },
    [rows.length, scrollToIndex, setFocusIndex],
  );

  const drawn = range.last - range.first + 1;
  const before = range.first * ROW_HEIGHT_PX;
  const after = Math.max(0, rows.length - 1 - range.last) * ROW_HEIGHT_PX;
  return (
    <div
      ref={scrollRef}
      // A fixed height and strict containment make the box a layout boundary: rows coming
      // and going inside it (every search, sort, filter and scroll) lay out only the box,
      // not the page around it with its alerts and rollups.
      style={{
        height: `min(max(20rem, 70vh), ${HEADER_HEIGHT_PX + rows.length * ROW_HEIGHT_PX + BORDERS_PX}px)`,
      }}
      tabIndex={-1}
      className="scroll-pt-11 overflow-auto rounded-xl border border-slate-200 bg-white contain-strict"
    >
      {/* Separate borders, none drawn: the rows' lines are inset shadows. Collapsed borders
          made Chromium resolve every cell's border against its neighbours' on each layout,
          about 3 ms more from a key press to the search's rows on the screen. */}
      <table
        ref={tableRef}
        className="w-full min-w-[72rem] table-fixed border-separate border-spacing-0 text-left text-[0.9375rem]"
        aria-rowcount={rows.length + 1}
      >
        <caption className="sr-only">
          Kiosks, one row each. Arrow keys, Page Up, Page Down, Home and End move along the list.
        </caption>
        <TableHead />
        <tbody onKeyDown={onKeyDown} onFocus={onFocus} onBlur={onBlur}>
          {before > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMNS.length} className="p-0" style={{ height: before }} />
            </tr>
          )}
          {rows.slice(range.first, range.last + 1).map((kiosk, offset) => {
            const index = range.first + offset;
            return (
              <KioskRow
                key={drawn <= SLOTS ? index % SLOTS : kiosk.id}
                kiosk={kiosk}
                index={index}
                selected={kiosk.id === selectedId}
                onSelect={onSelect}
              />
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMNS.length} className="p-0" style={{ height: after }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
