// @vitest-environment node
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { health, offline, online, PREFIX } from '../test/messages';
import { SAMPLE_FLEET } from '../test/sample-fleet';
import { applyMessages, emptyFleet, type KioskState } from './fleet-state';
import { DEFAULT_LIST_OPTIONS, listKiosks, type ListOptions } from './kiosk-list';
import { createKioskLister } from './kiosk-lister';

const fleet = SAMPLE_FLEET;
const ids = (rows: KioskState[]) => rows.map((row) => row.id);

describe('a lister that remembers its last order', () => {
  const step = (
    kiosks: ReadonlyMap<string, KioskState>,
    messages: Parameters<typeof applyMessages>[1],
  ) => applyMessages({ ...emptyFleet(), kiosks }, messages, PREFIX).kiosks;

  it('keeps the order when health moves nobody, with each kiosk’s new state', () => {
    const list = createKioskLister();
    const first = list(fleet, DEFAULT_LIST_OPTIONS);
    const next = step(fleet, [health('b-kiosk', { memory: { mainMB: 900, rendererMB: 900 } })]);
    const rows = list(next, DEFAULT_LIST_OPTIONS);
    expect(ids(rows)).toEqual(ids(first));
    expect(rows.find((row) => row.id === 'b-kiosk')).toBe(next.get('b-kiosk'));
    expect(rows).toEqual(listKiosks(next.values(), DEFAULT_LIST_OPTIONS));
  });

  it('answers exactly as listKiosks whenever a change moves a kiosk or its filter verdict', () => {
    const byMemory: ListOptions = { ...DEFAULT_LIST_OPTIONS, sort: 'memory' };
    const attention: ListOptions = { ...DEFAULT_LIST_OPTIONS, show: 'attention' };
    for (const options of [DEFAULT_LIST_OPTIONS, byMemory, attention]) {
      const list = createKioskLister();
      let kiosks = fleet;
      list(kiosks, options);
      for (const messages of [
        [offline('a-kiosk')],
        [health('d-kiosk', { memory: { mainMB: 1, rendererMB: 1 } })],
        [health('b-kiosk', { printer: { available: false } })],
        [online('f-kiosk')],
        [online('c-kiosk')],
      ]) {
        kiosks = step(kiosks, messages);
        expect(ids(list(kiosks, options)), JSON.stringify(messages)).toEqual(
          ids(listKiosks(kiosks.values(), options)),
        );
      }
    }
  });

  it('sorts afresh when the options change', () => {
    const list = createKioskLister();
    list(fleet, DEFAULT_LIST_OPTIONS);
    const byMemory: ListOptions = { ...DEFAULT_LIST_OPTIONS, sort: 'memory', offlineFirst: false };
    expect(ids(list(fleet, byMemory))).toEqual(ids(listKiosks(fleet.values(), byMemory)));
  });
});

describe('a search or filter in the order already shown', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The sample fleet after three kiosks' reports that move them in the default order. */
  const threeMoved = () =>
    applyMessages(
      { ...emptyFleet(), kiosks: fleet },
      [offline('a-kiosk'), online('c-kiosk'), online('f-kiosk')],
      PREFIX,
    ).kiosks;

  it('answers as listKiosks without sorting, once the whole fleet is in that order', () => {
    const searches: ListOptions[] = ['kiosk', 'a-', 'HTTP', ' B-K ', 'nothing']
      .map((query) => ({ ...DEFAULT_LIST_OPTIONS, query }))
      .concat({ ...DEFAULT_LIST_OPTIONS, show: 'attention' });
    const expected = searches.map((options) => ids(listKiosks(fleet.values(), options)));
    const list = createKioskLister();
    list(fleet, DEFAULT_LIST_OPTIONS);
    const sort = vi.spyOn(Array.prototype, 'sort');
    expect(searches.map((options) => ids(list(fleet, options)))).toEqual(expected);
    expect(sort).not.toHaveBeenCalled();
  });

  it('filters the fleet as last shown, not merging in again the reports it showed meanwhile', () => {
    const list = createKioskLister();
    list(fleet, DEFAULT_LIST_OPTIONS);
    const next = threeMoved();
    list(next, DEFAULT_LIST_OPTIONS);
    const search: ListOptions = { ...DEFAULT_LIST_OPTIONS, show: 'online' };
    const expected = ids(listKiosks(next.values(), search));
    const sort = vi.spyOn(Array.prototype, 'sort');
    expect(ids(list(next, search))).toEqual(expected);
    expect(sort).not.toHaveBeenCalled();
  });

  it('keeps the fleet in order across reports that came between two searches', () => {
    const list = createKioskLister();
    list(fleet, DEFAULT_LIST_OPTIONS);
    const searchA: ListOptions = { ...DEFAULT_LIST_OPTIONS, query: 'kiosk' };
    list(fleet, searchA);
    const next = threeMoved();
    const searchB: ListOptions = { ...DEFAULT_LIST_OPTIONS, query: '-k' };
    expect(ids(list(next, searchB))).toEqual(ids(listKiosks(next.values(), searchB)));
    expect(ids(list(next, DEFAULT_LIST_OPTIONS))).toEqual(
      ids(listKiosks(next.values(), DEFAULT_LIST_OPTIONS)),
    );
  });

  it('orders only the kiosks shown when a search asks for a new order, and sorts none', () => {
    const list = createKioskLister();
    const search: ListOptions = { ...DEFAULT_LIST_OPTIONS, query: 'd-' };
    list(fleet, search);
    const sort = vi.spyOn(Array.prototype, 'sort');
    const byRegion: ListOptions = { ...search, sort: 'region' };
    expect(ids(list(fleet, byRegion))).toEqual(['d-kiosk']);
    // At most the one region of the one kiosk shown is ranked.
    expect(sort.mock.contexts.every((rows) => (rows as unknown[]).length <= 1)).toBe(true);
  });

  it('works a new order of the whole fleet out without sorting it', () => {
    const list = createKioskLister();
    list(fleet, DEFAULT_LIST_OPTIONS);
    list(fleet, { ...DEFAULT_LIST_OPTIONS, sort: 'id' });
    const sort = vi.spyOn(Array.prototype, 'sort');
    for (const sortKey of ['memory', 'catalogue', 'lastSeen', 'region'] as const) {
      const options: ListOptions = { ...DEFAULT_LIST_OPTIONS, sort: sortKey };
      expect(ids(list(fleet, options))).toEqual(ids(listKiosks(fleet.values(), options)));
    }
    sort.mockClear();
    list(fleet, { ...DEFAULT_LIST_OPTIONS, sort: 'version' });
    // Only the distinct versions are sorted, never the kiosks.
    const distinct = new Set([...fleet.values()].map((kiosk) => kiosk.version)).size;
    expect(distinct).toBeLessThan(fleet.size);
    expect(sort).toHaveBeenCalled();
    expect(sort.mock.contexts.every((rows) => (rows as unknown[]).length <= distinct)).toBe(true);
  });

  it('answers as listKiosks while a search is typed on, cut back and changed', () => {
    // Each step types a letter on, takes one off, or starts another search; now and then
    // the filter or the order changes too.
    const edit = fc.oneof(
      fc.constantFrom('a', 'k', '-', 'i', 'o', 's', 'd', '1').map((letter) => ({ type: letter })),
      fc.constant({ back: true }),
      fc.constantFrom('', 'kiosk', 'b-', 'zz').map((query) => ({ query })),
      fc.constantFrom('online' as const, 'all' as const).map((show) => ({ show })),
      fc.constantFrom('id' as const, 'memory' as const).map((sort) => ({ sort })),
    );
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 20 }), (edits) => {
        const list = createKioskLister();
        let options: ListOptions = DEFAULT_LIST_OPTIONS;
        list(fleet, options);
        for (const change of edits) {
          if ('type' in change) options = { ...options, query: options.query + change.type };
          else if ('back' in change) options = { ...options, query: options.query.slice(0, -1) };
          else options = { ...options, ...change };
          expect(ids(list(fleet, options))).toEqual(ids(listKiosks(fleet.values(), options)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('asks only the rows already shown when the search is typed on', () => {
    const list = createKioskLister();
    const shown = list(fleet, { ...DEFAULT_LIST_OPTIONS, query: 'b' });
    expect(shown.length).toBeLessThan(fleet.size);
    // Each kiosk asked is one look-up of its search text.
    const asked = vi.spyOn(WeakMap.prototype, 'get');
    const rows = list(fleet, { ...DEFAULT_LIST_OPTIONS, query: 'b-' });
    const lookups = asked.mock.calls.length;
    asked.mockRestore();
    expect(lookups).toBe(shown.length);
    expect(ids(rows)).toEqual(
      ids(listKiosks(fleet.values(), { ...DEFAULT_LIST_OPTIONS, query: 'b-' })),
    );
  });
});
