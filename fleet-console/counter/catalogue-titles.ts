/**
 * Product titles for the counter, from the catalogue the console is set to (FakeStore shape,
 * `GET {catalogue}/products`). Only id and title are read; an item without them is skipped,
 * and a catalogue that cannot be had leaves the counter working with product numbers.
 */
import { useEffect, useState } from 'react';
import { z } from 'zod';

const item = z.looseObject({
  id: z.number().int().positive(),
  title: z.string().min(1).max(500),
});

export function readTitles(json: unknown): Map<number, string> {
  const titles = new Map<number, string>();
  if (!Array.isArray(json)) return titles;
  for (const entry of json) {
    const parsed = item.safeParse(entry);
    if (parsed.success) titles.set(parsed.data.id, parsed.data.title);
  }
  return titles;
}

export type Titles =
  | { status: 'loading' }
  | { status: 'ready'; titles: ReadonlyMap<number, string> }
  | { status: 'failed'; problem: string };

/** Loads the titles once per catalogue base URL. */
export function useCatalogueTitles(base: string): Titles {
  const [state, setState] = useState<{ base: string; titles: Titles }>({
    base,
    titles: { status: 'loading' },
  });
  useEffect(() => {
    const abort = new AbortController();
    fetch(`${base}/products`, { signal: abort.signal, headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`the catalogue answered ${response.status}`);
        const titles = readTitles(await response.json());
        setState({ base, titles: { status: 'ready', titles } });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        const problem = error instanceof Error ? error.message : 'the catalogue cannot be reached';
        setState({ base, titles: { status: 'failed', problem } });
      });
    return () => abort.abort();
  }, [base]);
  return state.base === base ? state.titles : { status: 'loading' };
}
