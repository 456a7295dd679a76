import { lazy, type ComponentType } from 'react';
import { useCatalogueCache } from './catalogue-cache';

export interface LazyPage {
  Page: ComponentType;
  /** Starts the download early (idle time, or a link about to be followed). */
  preload: () => Promise<unknown>;
}

type Load = () => Promise<ComponentType>;

/** A page's code could not be downloaded (offline, or a new release replaced it). */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('This page could not be loaded', { cause });
    this.name = 'PageLoadError';
  }
}

/** The catalogue's data layer comes with the page (one chunk: ./shop-pages.ts). */
async function withCatalogue(load: Load): Promise<ComponentType> {
  const [Page, { CatalogueProvider, createCatalogueQueryClient }] = await Promise.all([
    load(),
    import('./shop-pages'),
  ]);
  return function CataloguePage() {
    const client = useCatalogueCache().client(createCatalogueQueryClient);
    return (
      <CatalogueProvider client={client}>
        <Page />
      </CatalogueProvider>
    );
  };
}

/**
 * A page downloaded when first needed, so the landing page's first load carries none of
 * the other pages. `catalogue` pages also get the catalogue's data layer (React Query).
 */
export function lazyPage(load: Load, { catalogue = false } = {}): LazyPage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  // Once downloaded, the page renders at once: React.lazy would still suspend for a tick and
  // flash the loading placeholder, shifting the footer, even for code already here.
  let loaded: ComponentType | undefined;
  const preload = () => {
    pending ??= (catalogue ? withCatalogue(load) : load()).then(
      (Page) => {
        loaded = Page;
        return { default: Page };
      },
      (error: unknown) => {
        // Offline for a moment: the next attempt downloads again rather than failing forever.
        pending = undefined;
        throw new PageLoadError(error);
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Page, preload };
}
