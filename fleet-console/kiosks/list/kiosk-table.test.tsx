import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KioskState } from '../../fleet/fleet-state';
import { ROW_HEIGHT_PX } from './kiosk-row';
import { HEADER_HEIGHT_PX, KioskTable } from './kiosk-table';

const COUNT = 10_000;
/** The scrolling box's height here (happy-dom has no layout: the test gives it one). */
const VIEW_PX = 600;

const kiosk = (index: number): KioskState => ({
  id: `sim-${String(index + 1).padStart(5, '0')}`,
  presence: 'online',
  since: null,
  version: '0.1.0',
  publicKey: null,
  health: null,
  memoryTrend: [],
  lastSeen: null,
  asleep: false,
  store: `store-${index % 40}`,
  region: 'north',
  enrolled: true,
  claimed: { store: `store-${index % 40}`, region: 'north' },
  starts: [],
  lostLink: null,
  node: null,
  nodeLost: null,
});
const FLEET = Array.from({ length: COUNT }, (_, index) => kiosk(index));

function Harness({
  onSelect,
  rows = FLEET,
}: {
  onSelect?: (id: string) => void;
  rows?: readonly KioskState[];
}) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <KioskTable
      rows={rows}
      selectedId={selected}
      onSelect={(id) => {
        onSelect?.(id);
        setSelected((current) => (current === id ? null : id));
      }}
    />
  );
}

const table = () => screen.getByRole('table', { name: /Kiosks, one row each/ });
/** The kiosk rows drawn (the header row and the hidden spacers are not kiosk rows). */
const drawnRows = () =>
  within(table())
    .getAllByRole('row')
    .filter((row) => row.dataset.index !== undefined);
const scrollBox = () => table().parentElement as HTMLElement;
const kioskButton = (id: string) => screen.getByRole('button', { name: id });

async function scrollTo(top: number) {
  await act(async () => {
    scrollBox().scrollTop = top;
    fireEvent.scroll(scrollBox());
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('the kiosk table with 10,000 kiosks', () => {
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
  const scroll = Element.prototype.scroll;
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get: () => VIEW_PX,
    });
    // The scrolling box holds the header and every row, as Chromium lays them out.
    Object.defineProperty(Element.prototype, 'scrollHeight', {
      configurable: true,
      get(this: Element) {
        return this.firstElementChild?.tagName === 'TABLE'
          ? HEADER_HEIGHT_PX + COUNT * ROW_HEIGHT_PX
          : 0;
      },
    });
    // As a browser does (happy-dom moves scrollTop but says nothing): a scroll event follows.
    Element.prototype.scroll = function (this: Element, ...args: Parameters<Element['scroll']>) {
      scroll.apply(this, args);
      this.dispatchEvent(new Event('scroll'));
    } as Element['scroll'];
  });
  afterAll(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
    if (scrollHeight) Object.defineProperty(Element.prototype, 'scrollHeight', scrollHeight);
    Element.prototype.scroll = scroll;
  });
  afterEach(() => {
    cleanup();
  });

  it('draws only the rows in view and a few either side, and tells the whole list’s size', () => {
    render(<Harness />);
    const rows = drawnRows();
    const inView = Math.ceil(VIEW_PX / ROW_HEIGHT_PX);
    expect(rows.length).toBeGreaterThanOrEqual(inView - 1);
    expect(rows.length).toBeLessThanOrEqual(inView + 8);
    expect(table().getAttribute('aria-rowcount')).toBe(String(COUNT + 1));
    expect(rows[0]?.getAttribute('aria-rowindex')).toBe('2');
    expect(within(rows[0] ?? document.body).getByRole('button').textContent).toBe('sim-00001');
    expect(screen.queryByRole('button', { name: 'sim-00100' })).toBeNull();
  });

  it('keeps the scroll height of all 10,000 rows with spacer rows that screen readers skip', () => {
    render(<Harness />);
    const spacers = table().querySelectorAll('tbody tr[aria-hidden="true"] td');
    const drawn = drawnRows().length;
    const spacerPx = [...spacers].reduce(
      (sum, cell) => sum + Number.parseFloat((cell as HTMLElement).style.height),
      0,
    );
    expect(spacerPx + drawn * ROW_HEIGHT_PX).toBe(COUNT * ROW_HEIGHT_PX);
  });

  it('draws the rows scrolled to, with their place in the whole list', async () => {
    render(<Harness />);
    await scrollTo(HEADER_HEIGHT_PX + 5000 * ROW_HEIGHT_PX);
    expect(screen.queryByRole('button', { name: 'sim-00001' })).toBeNull();
    const row = kioskButton('sim-05001').closest('tr');
    expect(row?.getAttribute('aria-rowindex')).toBe('5002');
    expect(drawnRows().length).toBeLessThanOrEqual(Math.ceil(VIEW_PX / ROW_HEIGHT_PX) + 14);
  });

  it('selects a kiosk with its button, and again to let go', () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    fireEvent.click(kioskButton('sim-00003'));
    expect(onSelect).toHaveBeenCalledWith('sim-00003');
    expect(kioskButton('sim-00003').getAttribute('aria-pressed')).toBe('true');
    expect(kioskButton('sim-00003').closest('tr')?.className).toContain('bg-brand-50');
    fireEvent.click(kioskButton('sim-00003'));
    expect(kioskButton('sim-00003').getAttribute('aria-pressed')).toBe('false');
  });

  it('moves along the list from the keyboard, drawing and focusing rows far off', async () => {
    render(<Harness />);
    kioskButton('sim-00001').focus();
    fireEvent.keyDown(kioskButton('sim-00001'), { key: 'ArrowDown' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.activeElement).toBe(kioskButton('sim-00002'));

    fireEvent.keyDown(kioskButton('sim-00002'), { key: 'End' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.activeElement?.textContent).toBe('sim-10000');
    expect(screen.queryByRole('button', { name: 'sim-00001' })).toBeNull();

    fireEvent.keyDown(kioskButton('sim-10000'), { key: 'Enter' });
    fireEvent.click(kioskButton('sim-10000'));
    expect(kioskButton('sim-10000').getAttribute('aria-pressed')).toBe('true');

    fireEvent.keyDown(kioskButton('sim-10000'), { key: 'Home' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.activeElement?.textContent).toBe('sim-00001');
  });

  it('keeps the focus on its kiosk when the list is sorted under it, never on another one', async () => {
    const { rerender } = render(<Harness />);
    kioskButton('sim-00003').focus();
    // The kiosk the operator is on moves far down (say it went offline and the sort changed).
    const moved = [...FLEET.slice(0, 2), ...FLEET.slice(3, 5000), FLEET[2]!, ...FLEET.slice(5000)];
    rerender(<Harness rows={moved} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.activeElement?.textContent).toBe('sim-00003');
    expect(document.activeElement?.closest('tr')?.getAttribute('aria-rowindex')).toBe('5001');
  });

  it('gives the focus to the list, not to another kiosk, when its row is scrolled away', async () => {
    render(<Harness />);
    kioskButton('sim-00003').focus();
    await scrollTo(HEADER_HEIGHT_PX + 5000 * ROW_HEIGHT_PX);
    expect(document.activeElement).toBe(scrollBox());
  });
});
