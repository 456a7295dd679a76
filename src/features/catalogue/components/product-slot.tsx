import { spinnerHtml } from '@/components/ui/spinner';
import { PRODUCT_SLOT } from '../early-cards/card-template';

/** The product page while its product loads, as HTML: the image's square held, a spinner. */
function productLoadingHtml(label: string): string {
  return (
    '<div class="grid gap-8 landscape:md:grid-cols-2 landscape:md:gap-12">' +
    // The image's square is held while loading, so the page does not jump when it comes.
    '<div aria-hidden="true" class="aspect-square w-full justify-self-center rounded-xl ' +
    'bg-tile portrait:max-w-[min(100%,36rem)]"></div>' +
    `${spinnerHtml(label)}</div>`
  );
}

/**
 * The product's place while it loads. Its content is HTML React does not manage: on the
 * product page the build writes, the early paint (../early-cards/) puts the product there
 * before the app runs; React takes the page over without looking inside, then renders the
 * product in its place.
 */
export function ProductSlot({ label }: { label: string }) {
  return (
    <div
      {...{ [PRODUCT_SLOT]: '' }}
      dangerouslySetInnerHTML={{ __html: productLoadingHtml(label) }}
    />
  );
}

/**
 * Where the quantity and 'Add to Cart' go, in their shape, shimmering: the early paint's
 * product page shows it until the app's own controls are there (they cannot take a tap
 * before the app runs, and show it).
 */
export function PurchaseWaiting() {
  return (
    <div
      aria-hidden="true"
      className="flex flex-wrap items-center gap-4 border-t border-slate-200 pt-6"
    >
      <div className="h-12 w-40 animate-shimmer rounded-lg bg-slate-200" />
      <div className="h-12 flex-1 animate-shimmer rounded-lg bg-slate-200 sm:w-44 sm:flex-none" />
    </div>
  );
}
