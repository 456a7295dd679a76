import { use, useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rootsMade } from '@/test/root-spy';
import { REHEARSAL_MAX_MS, rehearsePage } from './rehearse-page';

vi.mock('react-dom/client', async (importOriginal) =>
  (await import('@/test/root-spy')).spiedClient(await importOriginal()),
);

/** The rehearsal's one root: where it renders, and whether it is gone. */
const rehearsal = () => rootsMade.at(-1);

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  rootsMade.length = 0;
});

describe('rehearsePage (a page rendered once where nobody sees it)', () => {
  it('renders the page at its path, runs none of its effects, and throws it away', async () => {
    const seen: string[] = [];
    const effects: string[] = [];
    const navigated = vi.fn();
    const title = document.title;
    function Page() {
      const location = useLocation();
      const [params] = useSearchParams();
      const navigate = useNavigate();
      seen.push(`${location.pathname} page=${params.get('page') ?? '1'}`);
      useLayoutEffect(() => {
        effects.push('layout');
        document.title = 'Products';
      });
      useEffect(() => {
        effects.push('passive');
        navigated();
        void navigate('/cart');
      });
      return <h1>Rehearsed products</h1>;
    }
    rehearsePage('/products', <Page />);

    await vi.waitFor(() => expect(seen).toContain('/products page=1'));
    await vi.waitFor(() => expect(rehearsal()?.unmounted).toBe(true));
    expect(rehearsal()?.container.childNodes).toHaveLength(0);
    expect(effects).toEqual([]);
    expect(navigated).not.toHaveBeenCalled();
    expect(document.title).toBe(title);
    expect(document.body.textContent).not.toContain('Rehearsed products');
  });

  it('puts nothing of the page in the document, at any moment', async () => {
    const added: Node[] = [];
    const watcher = new MutationObserver((records) => {
      for (const record of records) added.push(...record.addedNodes);
    });
    watcher.observe(document, { childList: true, subtree: true });
    const rendered = vi.fn();
    function Page() {
      rendered();
      return <h1>Rehearsed</h1>;
    }
    rehearsePage('/products', <Page />);
    await vi.waitFor(() => expect(rehearsal()?.unmounted).toBe(true));
    watcher.disconnect();
    expect(rehearsal()?.container.isConnected).toBe(false);
    expect(rendered).toHaveBeenCalled();
    expect(added).toEqual([]);
  });

  it('reports no error of the page, to the console or the window, and lets it go', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onError = vi.fn((event: ErrorEvent) => event.preventDefault());
    window.addEventListener('error', onError);
    let threw = false;
    function Broken(): never {
      threw = true;
      throw new Error('a page that cannot render');
    }
    try {
      rehearsePage('/products', <Broken />, 200);
      await vi.waitFor(() => expect(rehearsal()?.unmounted).toBe(true));
      expect(threw).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(consoleError).not.toHaveBeenCalled();
      expect(onError).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  it('lets a page that never finishes rendering go after REHEARSAL_MAX_MS', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    function Suspends() {
      return use(never);
    }
    rehearsePage('/products', <Suspends />);
    await vi.advanceTimersByTimeAsync(REHEARSAL_MAX_MS - 1);
    expect(rehearsal()?.unmounted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(rehearsal()?.unmounted).toBe(true);
  });

  it('stops at once when asked to, before the page has rendered', async () => {
    const rendered = vi.fn();
    function Page() {
      rendered();
      return null;
    }
    const stop = rehearsePage('/products', <Page />);
    stop();
    stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rendered).not.toHaveBeenCalled();
    expect(rehearsal()?.unmounted).toBe(true);
  });
});
