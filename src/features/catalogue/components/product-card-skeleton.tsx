import { CARD_SLOT } from '../early-cards/card-template';

/** A placeholder the shape of a product card, shown while the catalogue loads, as HTML. */
export const SKELETON_CARD_HTML =
  '<div class="card flex flex-col p-4" aria-hidden="true">' +
  '<div class="aspect-square animate-shimmer rounded-xl bg-tile"></div>' +
  '<div class="mt-4 h-3 w-1/3 animate-shimmer rounded bg-slate-200"></div>' +
  '<div class="mt-3 h-5 w-4/5 animate-shimmer rounded bg-slate-200"></div>' +
  '<div class="mt-2 h-4 w-full animate-shimmer rounded bg-slate-100"></div>' +
  '<div class="mt-1 h-4 w-2/3 animate-shimmer rounded bg-slate-100"></div>' +
  '<div class="mt-6 h-11 w-full animate-shimmer rounded-lg bg-slate-200"></div>' +
  '</div>';

/**
 * A card's place while the catalogue loads, holding the placeholder. Its content is HTML
 * React does not manage: on the products page the build writes as HTML, the early cards
 * (../early-cards/) paint the catalogue's first cards into these places before the app
 * runs; React takes the page over without looking inside them (it neither compares nor
 * patches such content), then replaces them with its own cards.
 */
export function CardSlot() {
  return <li {...{ [CARD_SLOT]: '' }} dangerouslySetInnerHTML={{ __html: SKELETON_CARD_HTML }} />;
}
